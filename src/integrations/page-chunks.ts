// Astro integration: groups the browser code of the signed-in screens by the pages that load it on start.
//
// Left to itself, Rollup gives every distinct set of entries (each island, each lazily imported dialog) its own chunk.
// A signed-in screen loads its islands (the shell, the screen) plus React's renderer, and their shared code fell into
// some forty files of a few hundred bytes each. On a slow mobile link a browser fetches six files at a time per host,
// so the screen waited for seven or eight round trips of small files while React's renderer crawled in beside them. Grouped by the set of pages that load a module at start, the same code comes in a handful of files:
// a group holds only modules that every one of its pages loads anyway, except small groups folded into wider ones (a
// few hundred bytes some pages do not use, against one file less for all).
//
// The pages' islands are read from the .astro sources (components used with a `client:` directive, through the
// layouts they import). The public pages' scripts get their own copy of every module they import (the module id with
// `?public`): a module they share with the islands would otherwise split off into a small file of its own on both
// sides. The two copies never meet, as no page has both. The islands' own files and code that is only ever imported
// lazily keep Rollup's default chunks.
//
// A package index that re-exports many modules (lucide-react's) counts as importing all of them, so every page that
// imports one icon through it would be taken to load every icon the site uses: icons are imported one file each
// (`lucide-react/icons/<name>`).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

const SOURCE_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.astro', '/index.tsx', '/index.ts'];

function resolveImport(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  return SOURCE_EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}

/** The island files (absolute paths) an .astro file renders with a `client:` directive, itself or through the .astro files it imports. */
export function islandsOfAstroFile(file: string, seen = new Set<string>()): Set<string> {
  const islands = new Set<string>();
  if (seen.has(file)) return islands;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const imports = new Map<string, string>();
  // `import Name from '…'`, also with named imports after the default one (`import Name, { x } from '…'`).
  for (const m of source.matchAll(/^\s*import\s+(\w+)\s*(?:,\s*\{[^}]*\}\s*)?from\s+['"]([^'"]+)['"]/gm)) {
    const target = resolveImport(file, m[2]);
    if (target) imports.set(m[1], target);
  }
  for (const m of source.matchAll(/<(\w+)\b[^>]*?\sclient:(?:load|only|idle|visible|media)\b/g)) {
    const target = imports.get(m[1]);
    if (target) islands.add(target);
  }
  for (const target of imports.values()) {
    if (target.endsWith('.astro')) for (const island of islandsOfAstroFile(target, seen)) islands.add(island);
  }
  return islands;
}

/** Page groups under this size (characters of code before minifying, about 800 bytes gzip) are folded into a wider one. */
const SMALL_GROUP = 2000;

export interface ModuleGraph {
  /** The build's entry modules. */
  entries: string[];
  /** A module's static imports. */
  imports(id: string): readonly string[];
  /** A module's size (its code's length), to weigh what merging small groups costs. */
  size(id: string): number;
}

/** The group of the modules every page with an island loads. */
export const EVERY_PAGE_GROUP = 'signed-in';

/**
 * Module id → chunk name, for every module loaded by two entries or more. `pagesOfEntry` gives the pages that load an
 * entry on start (an island: the pages that render it; React's renderer: every page with an island), or null for an
 * entry of a public page's script. Modules only islands load are named after the set of pages that load them, then
 * small groups are folded into wider ones. The modules a public page's script loads too are named after the public
 * scripts that load them (`shared-…`): they must be named (Rollup pulls a grouped module's unnamed imports into the
 * group, and a public page must not load a signed-in one), and the islands, which load nearly all of them, take them
 * in as few files as the public pages allow.
 */
export function groupModules(
  graph: ModuleGraph,
  pagesOfEntry: (entry: string) => Set<string> | null,
  smallGroup = SMALL_GROUP,
): Map<string, string> {
  const pagesOf = new Map<string, Set<string>>();
  const entriesOf = new Map<string, Set<string>>();
  const other = new Set<string>();
  const entries = new Set(graph.entries);
  const everyPage = new Set<string>();
  for (const entry of graph.entries) {
    const pages = pagesOfEntry(entry);
    for (const p of pages ?? []) everyPage.add(p);
    const stack = [entry];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      if (pages) {
        const set = pagesOf.get(id) ?? new Set<string>();
        for (const p of pages) set.add(p);
        pagesOf.set(id, set);
      } else other.add(id);
      entriesOf.set(id, (entriesOf.get(id) ?? new Set<string>()).add(entry));
      stack.push(...graph.imports(id));
    }
  }
  const publicEntriesOf = (id: string) => new Set([...entriesOf.get(id)!].filter((e) => !pagesOfEntry(e)));
  const hash = (items: Iterable<string>) => createHash('sha256').update([...items].sort().join('\n')).digest('hex').slice(0, 8);
  const nameOf = (pages: Set<string>) =>
    pages.size === everyPage.size
      ? EVERY_PAGE_GROUP
      : `pages-${hash(pages)}`;
  const groups = new Map<string, string>();
  for (const [id, reachedBy] of entriesOf) {
    // An entry stays its own file (its URL is in the HTML); what only one entry loads already goes into its file.
    if (entries.has(id) || reachedBy.size < 2) continue;
    groups.set(id, other.has(id) ? `shared-${hash(publicEntriesOf(id))}` : nameOf(pagesOf.get(id)!));
  }
  foldSmallGroups(groups, (id) => pagesOf.get(id)!, graph.size, smallGroup);
  return groups;
}

/**
 * Folds a page group into the narrowest group whose pages include all of its pages, when it is small (under
 * `smallGroup`) or when nearly all of that group's pages load it anyway (three in four, under four times
 * `smallGroup`); the smallest first, again until none is left. A few hundred bytes more on some pages buy one file
 * less on all of them.
 */
function foldSmallGroups(
  groups: Map<string, string>,
  pagesOfModule: (id: string) => Set<string>,
  size: (id: string) => number,
  smallGroup: number,
): void {
  const info = new Map<string, { pages: Set<string>; size: number; modules: string[] }>();
  for (const [id, name] of groups) {
    if (name.startsWith('shared-')) continue;
    const g = info.get(name) ?? { pages: pagesOfModule(id), size: 0, modules: [] };
    g.size += size(id);
    g.modules.push(id);
    info.set(name, g);
  }
  for (;;) {
    let folded = false;
    for (const [name, g] of [...info].sort((a, b) => a[1].size - b[1].size)) {
      const into = [...info]
        .filter(([other, o]) => other !== name && o.pages.size > g.pages.size && [...g.pages].every((p) => o.pages.has(p)))
        .sort((a, b) => a[1].pages.size - b[1].pages.size || b[1].size - a[1].size)[0];
      if (!into) continue;
      const worth = g.size < smallGroup || (g.pages.size * 4 >= into[1].pages.size * 3 && g.size < smallGroup * 4);
      if (!worth) continue;
      into[1].size += g.size;
      into[1].modules.push(...g.modules);
      for (const id of g.modules) groups.set(id, into[0]);
      info.delete(name);
      folded = true;
      break;
    }
    if (!folded) return;
  }
}

const PUBLIC_COPY = '?public';
const isPublicSide = (id: string) => id.includes('?astro&type=script') || id.endsWith(PUBLIC_COPY);

/** Resolves what a public page's script imports, directly or not, to a copy of its own (`<file>?public`). */
export function publicCopies(): Plugin {
  return {
    name: 'portal-ia:public-copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !isPublicSide(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || !/^\/.*\.m?[jt]sx?$/.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + PUBLIC_COPY };
    },
  };
}

const CODE = /\.(m?[jt]sx?)$/;


export default function pageChunks(): AstroIntegration {
  let root = '';
  return {
    name: 'portal-ia:page-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [publicCopies()] } });
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:setup': ({ vite, pages, target }) => {
        if (target !== 'client') return;
        // Island file → the pages (their .astro source) that render it.
        const pagesOfIsland = new Map<string, Set<string>>();
        const islandPages = new Set<string>();
        for (const page of pages.values()) {
          const file = resolve(root, page.component);
          const islands = islandsOfAstroFile(file);
          if (islands.size > 0) islandPages.add(file);
          for (const island of islands.keys()) {
            const key = island.replace(/\.[jt]sx?$/, '');
            pagesOfIsland.set(key, (pagesOfIsland.get(key) ?? new Set()).add(file));
          }
        }
        let groups: Map<string, string> | null = null;
        const output = (vite.build!.rollupOptions!.output ??= {});
        if (Array.isArray(output)) return;
        output.manualChunks = (id, meta) => {
          groups ??= groupModules(
            {
              entries: [...meta.getModuleIds()].filter((m) => meta.getModuleInfo(m)?.isEntry),
              imports: (m) => meta.getModuleInfo(m)?.importedIds ?? [],
              size: (m) => meta.getModuleInfo(m)?.code?.length ?? 0,
            },
            (entry) => {
              // Astro names an island's entry `\0astro-entry:<file without extension>`.
              const file = entry.replace(/^\0astro-entry:/, '').split('?')[0].replace(/\.[jt]sx?$/, '');
              if (pagesOfIsland.has(file)) return pagesOfIsland.get(file)!;
              // An island no page source was seen rendering: its pages' code would fall out of the groups unnoticed.
              if (entry.startsWith('\0astro-entry:')) {
                throw new Error(`page-chunks: a ilha ${file} não foi encontrada em nenhuma página (.astro com client:)`);
              }
              // React's renderer hydrates every island: every page with one loads it.
              if (entry.includes('/@astrojs/react/')) return islandPages;
              return null;
            },
          );
          if (!CODE.test(id.split('?')[0]) && !id.startsWith('\0')) return undefined;
          return groups.get(id);
        };
      },
    },
  };
}
