// `npm run dev`: the local Supabase (unless PUBLIC_SUPABASE_URL is set) and Astro's dev server with hot reload,
// with public/_redirects applied so dynamic routes (/projects/<id>, ...) work as on the static host. It compiles pages
// on request with the backend's URL and key set in process.env below (which outrank any .env file) and never serves
// dist/, which may hold a build for another backend.
import { dev } from 'astro';
import type { AstroIntegration } from 'astro';
import { redirectsMiddleware } from './lib/dev-rewrites.ts';
import { banner, onShutdown, SITE_PORT, SITE_URL, startBackend, type Backend } from './lib/local-stack.ts';

const hostRules: AstroIntegration = {
  name: 'portal-ia:host-rules',
  hooks: {
    'astro:server:setup': ({ server }) => {
      server.middlewares.use(redirectsMiddleware());
    },
  },
};

let backend: Backend | null = null;
let stopAstro: (() => Promise<void>) | null = null;
onShutdown(async () => {
  await stopAstro?.();
  await backend?.local?.stop();
});

try {
  backend = await startBackend();
  process.env.PUBLIC_SUPABASE_URL = backend.url;
  process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY = backend.publishableKey;
  delete process.env.PUBLIC_SUPABASE_ANON_KEY;
  const server = await dev({ server: { port: SITE_PORT, host: 'localhost' }, integrations: [hostRules] });
  stopAstro = () => server.stop();
  console.log(banner(SITE_URL, backend));
} catch (err) {
  console.error(`Falha ao iniciar: ${err instanceof Error ? err.message : String(err)}`);
  await backend?.local?.stop();
  process.exit(1);
}
