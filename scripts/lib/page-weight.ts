// What a built page makes the browser download before the user scrolls or clicks: its stylesheets, and its initial
// JavaScript — module scripts (with those a public page loads right after its first paint, listed in
// `data-after-paint`), inline scripts, and the component and renderer of every island that hydrates on load
// (client:load, client:only, client:idle), each followed through its static imports. Dynamic import() is not
// followed: that code loads later, on use. Sizes are gzip bytes (zlib level 9, as a CDN precompresses).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { attr, eagerIslandModules, staticClosure } from '../../src/integrations/module-graph.ts';

export { staticImports } from '../../src/integrations/module-graph.ts';

export interface PageWeight {
  page: string;
  /** Every JS file loaded up front (site paths), inline scripts counted as `inline#n`. */
  scripts: string[];
  styles: string[];
  jsGzip: number;
  cssGzip: number;
}

function gzipSize(text: string | Buffer): number {
  return gzipSync(text, { level: 9 }).length;
}

/** The weight of one built page, given the dist folder and the page's site path ('/', '/login', ...). */
export function pageWeight(distDir: string, page: string): PageWeight {
  const htmlFile = page === '/404' ? join(distDir, '404.html') : join(distDir, page, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const entries = new Set<string>();
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(m[0], 'src');
    const type = attr(m[0], 'type');
    if (type && !/module|javascript/.test(type)) continue; // JSON and other data blocks are not code
    if (src) entries.add(src);
    else if (m[2].trim()) inline.push(m[2]);
    // Public pages list their modules for the loader that fetches them right after the first paint: still initial JS.
    for (const later of attr(m[0], 'data-after-paint')?.split(' ') ?? []) if (later) entries.add(later);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (attr(m[0], 'rel') === 'modulepreload') entries.add(attr(m[0], 'href')!);
  }
  for (const url of eagerIslandModules(html)) entries.add(url);
  const scripts = staticClosure(distDir, entries, page);

  const styles = [...html.matchAll(/<link\b[^>]*>/g)]
    .filter((m) => attr(m[0], 'rel') === 'stylesheet')
    .map((m) => attr(m[0], 'href')!);
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);

  const jsGzip =
    [...scripts].reduce((sum, p) => sum + gzipSize(readFileSync(join(distDir, p))), 0) +
    inline.reduce((sum, code) => sum + gzipSize(code), 0);
  const cssGzip =
    styles.reduce((sum, p) => sum + gzipSize(readFileSync(join(distDir, p))), 0) +
    inlineStyles.reduce((sum, css) => sum + gzipSize(css), 0);
  return {
    page,
    scripts: [...scripts, ...inline.map((_, i) => `inline#${i + 1}`)],
    styles,
    jsGzip,
    cssGzip,
  };
}

/** Every page of a build as its site path ('/', '/login', '/projects/_', '/404'). */
export function builtPages(distDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      if (name.isDirectory() && name.name !== '_astro') walk(join(dir, name.name), `${prefix}/${name.name}`);
      else if (name.name === 'index.html') pages.push(prefix || '/');
    }
  };
  walk(distDir, '');
  if (existsSync(join(distDir, '404.html'))) pages.push('/404');
  return pages.sort();
}

