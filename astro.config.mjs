// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import tailwindConfig from './tailwind.config.mjs';
import publicPages from './src/integrations/public-pages.ts';
import deployFiles from './src/integrations/deploy-files.ts';
import pageChunks from './src/integrations/page-chunks.ts';
import islandFallbacks from './src/integrations/island-fallbacks.ts';

// Static output: every page is prerendered; signed-in screens are React islands
// that talk to Supabase from the browser (see docs/ARCHITECTURE.md).
export default defineConfig({
  output: 'static',
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    tailwind({ applyBaseStyles: false }),
    // Signed-in screens' code in a few files grouped by the pages that load it, not forty small ones (see the file).
    pageChunks(),
    // Public pages paint from the HTML alone: their own CSS inlined, scripts after the first paint (see the file).
    publicPages({ baseCss: fileURLToPath(new URL('./src/styles/global.css', import.meta.url)), tailwindConfig }),
    // A client:only island's fallback once in the HTML, not twice (see the file).
    islandFallbacks(),
    // Last, once the pages are final: _headers with the CSP for the Supabase baked into the bundle, and _build.json.
    deployFiles(),
  ],
  server: { port: 4321, host: 'localhost' },
});
