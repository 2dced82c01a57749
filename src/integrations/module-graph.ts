// The module graph of a built site, read from the files in dist: which `/_astro/` modules a page starts with and what
// they import statically. Used by the byte budgets (scripts/lib/page-weight.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Islands that hydrate as soon as the page loads: their code is part of the first view. */
const EAGER_ISLANDS = new Set(['load', 'only', 'idle']);

export function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? m[1] : null;
}

/** Static imports of a built ES module: `import x from "./a.js"`, `import "./a.js"`, `export {x} from "./a.js"`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) found.add(m[1]);
  return [...found];
}

export function resolveSitePath(fromSitePath: string, spec: string): string {
  if (spec.startsWith('/')) return spec;
  return posix.normalize(posix.join(posix.dirname(fromSitePath), spec));
}

/** The component and renderer of every island of the page that hydrates on load (site paths, document order). */
export function eagerIslandModules(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!EAGER_ISLANDS.has(attr(m[0], 'client') ?? '')) continue;
    for (const key of ['component-url', 'renderer-url']) {
      const url = attr(m[0], key);
      if (url) found.add(url);
    }
  }
  return [...found];
}

/** `entries` and, transitively, every module they import statically (dynamic import() is not followed). */
export function staticClosure(distDir: string, entries: Iterable<string>, page = ''): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const sitePath = queue.shift()!;
    if (seen.has(sitePath) || !sitePath.startsWith('/')) continue;
    const file = join(distDir, sitePath);
    if (!existsSync(file)) throw new Error(`${page}: ${sitePath} não existe no build`);
    seen.add(sitePath);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) queue.push(resolveSitePath(sitePath, spec));
  }
  return [...seen];
}
