// What `npm start` and `npm run dev` share: which Supabase the site talks to (the local one, started here,
// or a hosted project named by the env) and the banner they print.
import { DataDirLockedError, startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';

export const SITE_PORT = Number(process.env.PORT ?? 4321);
export const SITE_URL = `http://localhost:${SITE_PORT}`;

export interface Backend {
  url: string;
  /** The publishable key (a hosted project's legacy anon key when only that is given). */
  publishableKey: string;
  inboxUrl: string | null;
  local: LocalSupabase | null;
}

export const DEMO_ACCOUNTS = [
  { label: 'Admin', email: 'admin@exemplo.com.br', password: 'admin123' },
  { label: 'Cliente', email: 'cliente@exemplo.com.br', password: 'cliente123' },
];

/** The hosted project when PUBLIC_SUPABASE_URL is set, otherwise the local Supabase on 54321 with data in .data/db. */
export async function startBackend(): Promise<Backend> {
  const hosted = process.env.PUBLIC_SUPABASE_URL;
  if (hosted) {
    const publishableKey = process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || process.env.PUBLIC_SUPABASE_ANON_KEY;
    if (!publishableKey) {
      throw new Error('PUBLIC_SUPABASE_URL definido sem PUBLIC_SUPABASE_PUBLISHABLE_KEY: defina as duas variáveis.');
    }
    return { url: hosted.replace(/\/+$/, ''), publishableKey, inboxUrl: null, local: null };
  }
  try {
    const local = await startLocalSupabase({ port: 54321, dataDir: '.data/db', siteUrl: SITE_URL, quiet: true });
    return { url: local.url, publishableKey: local.publishableKey, inboxUrl: local.inboxUrl, local };
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new Error(`${err.message}\nOutra instância do Supabase local está usando .data/db: encerre-a (Ctrl-C) antes de iniciar outra.`);
    }
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error('A porta 54321 já está em uso: há outro Supabase local rodando? Encerre-o e tente de novo.');
    }
    throw err;
  }
}

export function banner(siteUrl: string, backend: Backend): string {
  const lines = [
    '',
    '  Portal IA',
    `  Site:    ${siteUrl}`,
    `  API:     ${backend.url}${backend.local ? ' (Supabase local, dados em .data/db)' : ' (Supabase hospedado)'}`,
  ];
  if (backend.local) {
    const { local } = backend;
    lines.push(
      `  Chaves:  publishable ${local.publishableKey}`,
      `           secret      ${local.secretKey}  (só em servidores: ignora a RLS)`,
      `           legadas (JWT, ainda aceitas): anon ${local.anonKey}`,
      `                                         service_role ${local.serviceRoleKey}`,
      `  JWT:     sessões assinadas com ${local.keys.signingAlg}` +
        (local.keys.signingAlg === 'HS256' ? ' (segredo legado)' : `, chaves públicas em ${local.url}/auth/v1/.well-known/jwks.json`),
    );
  }
  if (backend.inboxUrl) {
    lines.push(`  Inbox:   ${backend.inboxUrl}  (e-mails de confirmação e de redefinição de senha)`);
    lines.push('  Contas de demonstração:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.label.padEnd(8)} ${a.email} / ${a.password}`);
  }
  lines.push('  Ctrl-C encerra tudo.', '');
  return lines.join('\n');
}

/** Runs `stop` once on Ctrl-C / SIGTERM, then exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: encerrando...`);
    stop()
      .catch((err) => console.error(err))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
