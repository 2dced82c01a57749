// Astro integration: a signed-in screen (a page with React islands) starts downloading all of its first view's code
// as soon as its HTML arrives. Left as built, the browser learns of a module only once the module importing it has
// arrived, and the screen's island, nested in the shell's, is only requested after the shell has hydrated: on a slow
// network that is one round trip per level before the first request for data. After the build, each such page gets a
// `<link rel="modulepreload">` in <head> for every module its eager islands and module scripts import statically.
// Code loaded on use (dynamic import(): dialogs, charts, Storage) stays out.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { attr, eagerIslandModules, staticClosure } from './module-graph.ts';
import { htmlFiles } from './site-headers.ts';

/** True for a page this step applies to: one with a React island. */
export const isSignedInPage = (html: string) => html.includes('<astro-island');

/** The page with a modulepreload link for each module of its first view it does not already preload. */
export function withModulePreloads(html: string, distDir: string, page = ''): string {
  const entries = [...html.matchAll(/<script\b[^>]*\bsrc="(\/_astro\/[^"]+\.js)"[^>]*><\/script>/g)]
    .filter((m) => attr(m[0], 'type') === 'module')
    .map((m) => m[1]);
  const present = new Set(
    [...html.matchAll(/<link\b[^>]*>/g)].filter((m) => attr(m[0], 'rel') === 'modulepreload').map((m) => attr(m[0], 'href')),
  );
  const modules = staticClosure(distDir, [...eagerIslandModules(html), ...entries], page).filter((p) => !present.has(p));
  if (modules.length === 0) return html;
  const links = modules.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

export default function signedInPages(): AstroIntegration {
  return {
    name: 'portal-ia:signed-in-pages',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        let count = 0;
        for (const file of htmlFiles(distDir)) {
          const html = readFileSync(file, 'utf8');
          if (!isSignedInPage(html)) continue;
          writeFileSync(file, withModulePreloads(html, distDir, file.slice(distDir.length)));
          count += 1;
        }
        logger.info(`${count} telas logadas com modulepreload do primeiro carregamento`);
      },
    },
  };
}
