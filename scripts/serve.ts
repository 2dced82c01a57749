// `tsx scripts/serve.ts [dir] [--port N] [--host H]`: serves a built site like its static host would
// (public/_redirects and _headers honoured). Default: dist/ on http://localhost:4321.
import { pathToFileURL } from 'node:url';
import { startStaticServer } from './lib/static-server.ts';

export { startStaticServer, createStaticHandler, type StaticServer } from './lib/static-server.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const root = positional[0] ?? 'dist';
  const port = Number(arg('--port') ?? process.env.PORT ?? 4321);
  const host = arg('--host') ?? 'localhost';
  const site = await startStaticServer({ root, port, host });
  console.log(`Servindo ${root} em ${site.url}`);
  const stop = () => void site.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
