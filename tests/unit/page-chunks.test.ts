import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_GROUP, groupModules, islandsOfAstroFile, type ModuleGraph } from '../../src/integrations/page-chunks';

// Three pages: /a and /b with the client shell, /c with the admin shell; React's renderer on all; one public script.
const ENTRY_PAGES: Record<string, string[] | null> = {
  renderer: ['a', 'b', 'c'],
  clientShell: ['a', 'b'],
  adminShell: ['c'],
  screenA: ['a'],
  screenB: ['b'],
  screenC: ['c'],
  publicScript: null,
};
const IMPORTS: Record<string, string[]> = {
  renderer: ['react'],
  clientShell: ['react', 'auth', 'menu'],
  adminShell: ['react', 'auth'],
  screenA: ['react', 'card', 'onlyA'],
  screenB: ['react', 'card'],
  screenC: ['react', 'table'],
  publicScript: ['sessionKey'],
  auth: ['sessionKey', 'texts'],
  card: ['badge'],
  table: ['badge'],
  menu: [],
  react: [],
  sessionKey: [],
  texts: [],
  onlyA: [],
  badge: [],
};
const graph = (sizes: Record<string, number> = {}): ModuleGraph => ({
  entries: Object.keys(ENTRY_PAGES),
  imports: (id) => IMPORTS[id] ?? [],
  size: (id) => sizes[id] ?? 100,
});
const pagesOf = (entry: string) => (ENTRY_PAGES[entry] ? new Set(ENTRY_PAGES[entry]) : null);

/** The modules each page downloads at start: every module in a chunk that holds one module the page needs. */
function downloaded(groups: Map<string, string>, page: string): Set<string> {
  const needed = new Set<string>();
  const visit = (id: string) => {
    if (needed.has(id)) return;
    needed.add(id);
    IMPORTS[id]?.forEach(visit);
  };
  for (const [entry, pages] of Object.entries(ENTRY_PAGES)) if (pages?.includes(page)) visit(entry);
  const chunks = new Set([...needed].map((id) => groups.get(id) ?? `own:${id}`));
  const all = new Set(Object.keys(IMPORTS));
  return new Set([...all].filter((id) => chunks.has(groups.get(id) ?? `own:${id}`)));
}

describe('page chunks', () => {
  it('puts the modules loaded by the same set of pages in one chunk, whatever islands load them', () => {
    const groups = groupModules(graph(), pagesOf, 0);
    // react (renderer, both shells, every screen) and texts (through auth, both shells) are on every page.
    expect(groups.get('react')).toBe(EVERY_PAGE_GROUP);
    expect(groups.get('texts')).toBe(groups.get('react'));
    // badge comes through the cards of /a and /b and the table of /c: every page too.
    expect(groups.get('badge')).toBe(groups.get('react'));
    // card is loaded by /a and /b only: a chunk of its own.
    expect(groups.get('card')).toMatch(/^pages-/);
    expect(groups.get('card')).not.toBe(groups.get('react'));
  });

  it('leaves entries and what a single entry loads to Rollup (they go into that entry file)', () => {
    const groups = groupModules(graph(), pagesOf, 0);
    for (const id of ['renderer', 'clientShell', 'screenA', 'onlyA', 'menu', 'table']) expect(groups.has(id)).toBe(false);
  });

  it("gives modules that a public page's script loads too chunks of their own, never a signed-in group", () => {
    const groups = groupModules(graph(), pagesOf, 0);
    expect(groups.get('sessionKey')).toMatch(/^shared-/);
    const publicNeeds = new Set(['sessionKey']);
    const chunk = groups.get('sessionKey');
    expect([...groups].filter(([, name]) => name === chunk).map(([id]) => id)).toEqual([...publicNeeds]);
  });

  it('makes no page download a module it does not use when no group is folded', () => {
    const groups = groupModules(graph(), pagesOf, 0);
    expect(downloaded(groups, 'a').has('table')).toBe(false);
    expect(downloaded(groups, 'c').has('card')).toBe(false);
    expect(downloaded(groups, 'c').has('menu')).toBe(false);
  });

  it('folds a small group into the smallest group whose pages include its own, and keeps a large one apart', () => {
    const small = groupModules(graph({ card: 50 }), pagesOf, 1000);
    expect(small.get('card')).toBe(small.get('react'));
    const large = groupModules(graph({ card: 5000 }), pagesOf, 1000);
    expect(large.get('card')).not.toBe(large.get('react'));
  });
});

describe("the islands of a page's .astro source", () => {
  it('finds the components used with a client: directive (default import, with or without named ones), through the layouts it imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'islands-'));
    mkdirSync(join(dir, 'islands'));
    mkdirSync(join(dir, 'layouts'));
    mkdirSync(join(dir, 'pages'));
    for (const name of ['Shell', 'Screen', 'Static']) writeFileSync(join(dir, 'islands', `${name}.tsx`), 'export default () => null;\n');
    writeFileSync(
      join(dir, 'layouts', 'Layout.astro'),
      "---\nimport Shell from '../islands/Shell';\n---\n<Shell client:load pathname=\"/\"><slot /></Shell>\n",
    );
    writeFileSync(
      join(dir, 'pages', 'page.astro'),
      "---\nimport Layout from '../layouts/Layout.astro';\nimport Screen, { firstRequests } from '../islands/Screen';\nimport Static from '../islands/Static';\n---\n" +
        '<Layout><Screen\n  client:only="react"\n/><Static /></Layout>\n',
    );
    expect([...islandsOfAstroFile(join(dir, 'pages', 'page.astro'))].sort()).toEqual(
      [join(dir, 'islands', 'Screen.tsx'), join(dir, 'islands', 'Shell.tsx')].sort(),
    );
  });
});

describe('icons in the page groups', () => {
  it("imports each lucide icon from its own file, never from the package's index (its re-exports would put every icon the site uses in the chunk every signed-in page loads)", () => {
    const src = fileURLToPath(new URL('../../src', import.meta.url));
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(tsx?|astro)$/.test(f))
      .filter((f) => /from\s+['"]lucide-react['"]/.test(readFileSync(join(src, f), 'utf8').replace(/import type[^;]*;/g, '')));
    expect(offenders).toEqual([]);
  });
});
