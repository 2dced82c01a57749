// Measures the JavaScript a built page loads before any interaction: its module scripts, inline scripts,
// modulepreloads and eagerly hydrated islands, plus every module they import statically (not `import()`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsBudgetReport {
  files: { file: string; gzip: number }[];
  inlineGzip: number;
  totalGzip: number;
}

const EAGER_ISLAND = /<astro-island\b[^>]*>/g;
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+\.js)["']/g;

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? m[1]!.replace(/&amp;/g, '&') : null;
}

/** Gzip size of what `pagePath` (e.g. 'index.html') loads up front, inside the built site `distDir`. */
export function initialJs(distDir: string, pagePath = 'index.html'): JsBudgetReport {
  const html = readFileSync(join(distDir, pagePath), 'utf8');
  const entry = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(m[0], 'src');
    if (src) entry.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = attr(m[0], 'href');
    if (href) entry.add(href);
  }
  for (const m of html.matchAll(EAGER_ISLAND)) {
    // client:visible and client:media wait for the user; everything else hydrates at load or when idle.
    const client = attr(m[0], 'client');
    if (client === 'visible' || client === 'media') continue;
    for (const a of ['component-url', 'renderer-url']) {
      const u = attr(m[0], a);
      if (u) entry.add(u);
    }
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  const inlineGzip = inline.trim() ? gzipSync(inline).length : 0;

  const seen = new Set<string>();
  const queue = [...entry].filter((u) => u.startsWith('/'));
  const files: { file: string; gzip: number }[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(distDir, url), 'utf8');
    files.push({ file: url, gzip: gzipSync(code).length });
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const dep = new URL(m[1]!, `http://x${url}`).pathname;
      if (!seen.has(dep)) queue.push(dep);
    }
  }
  const totalGzip = inlineGzip + files.reduce((s, f) => s + f.gzip, 0);
  return { files, inlineGzip, totalGzip };
}
