// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';

// Static output: every page is prerendered; signed-in screens are React islands
// that talk to Supabase from the browser (see DESIGN.md).
export default defineConfig({
  output: 'static',
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), tailwind({ applyBaseStyles: false })],
  server: { port: 4321, host: 'localhost' },
});
