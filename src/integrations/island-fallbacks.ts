// Astro integration: a `client:only` island's fallback is written once. Astro renders the fallback slot as the island's
// content (what the page paints) and writes it a second time in a <template> with the island's other slots, which the
// island hands its component as a `fallback` prop. No screen reads that prop, and on the dashboard the copy was ~0.4 KB
// of the gzipped page. The copy is removed only where it equals the content just before it; anything else fails the
// build.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './public-pages.ts';

const OPEN = '<template data-astro-template="fallback">';
const CLOSE = '</template><!--astro:end-->';

/** `html` without the template copies of its islands' fallbacks. */
export function dropFallbackCopies(html: string): string {
  let out = '';
  let from = 0;
  for (let at = html.indexOf(OPEN); at >= 0; at = html.indexOf(OPEN, from)) {
    const end = html.indexOf(CLOSE, at);
    const copy = html.slice(at + OPEN.length, end);
    if (end < 0 || !html.slice(from, at).endsWith(copy)) throw new Error('island-fallbacks: a fallback template that is not a copy of the fallback before it');
    out += html.slice(from, at);
    from = end + '</template>'.length;
  }
  return out + html.slice(from);
}

export default function islandFallbacks(): AstroIntegration {
  return {
    name: 'portal-ia:island-fallbacks',
    hooks: {
      'astro:build:done': ({ dir }) => {
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = readFileSync(file, 'utf8');
          const out = dropFallbackCopies(html);
          if (out !== html) writeFileSync(file, out);
        }
      },
    },
  };
}
