// `npm start`: the local Supabase (unless PUBLIC_SUPABASE_URL names a hosted project), the site built for it
// (skipped only when dist/_build.json says dist/ is a build of the same sources for that same URL and key) and
// served like the static host would, on http://localhost:4321.
import { buildSite } from './lib/site-build.ts';
import { banner, onShutdown, SITE_PORT, SITE_URL, startBackend, type Backend } from './lib/local-stack.ts';
import { startStaticServer, type StaticServer } from './lib/static-server.ts';

const started = Date.now();
let backend: Backend | null = null;
let site: StaticServer | null = null;

onShutdown(async () => {
  await site?.close();
  await backend?.local?.stop();
});

try {
  backend = await startBackend();
  console.log(backend.local ? `Supabase local em ${backend.url}` : `Usando o Supabase em ${backend.url}`);
  process.stdout.write(`Construindo o site para ${backend.url}... `);
  const rebuilt = await buildSite({ outDir: 'dist', supabaseUrl: backend.url, publishableKey: backend.publishableKey });
  console.log(rebuilt ? `pronto (${rebuilt}).` : 'dist/ já está atualizado para este Supabase.');
  site = await startStaticServer({ root: 'dist', port: SITE_PORT, host: 'localhost' });
  console.log(banner(SITE_URL, backend));
  console.log(`Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(`\nFalha ao iniciar: ${err instanceof Error ? err.message : String(err)}`);
  await site?.close();
  await backend?.local?.stop();
  process.exit(1);
}
