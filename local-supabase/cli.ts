// `tsx local-supabase/cli.ts`: runs the local Supabase stand-in until Ctrl-C (development only, never production).
import { parseArgs } from 'node:util';
import { DataDirLockedError, resetDataDir, startLocalSupabase } from './index.ts';

const HELP = `local-supabase: a local stand-in for Supabase (GoTrue /auth/v1 + PostgREST /rest/v1 over PGlite).
For development and tests only; never a production backend.

Usage: tsx local-supabase/cli.ts [options]
  --port <n>           port to listen on (default 54321; 0 = any free port)
  --host <addr>        address to bind (default 127.0.0.1)
  --data-dir <dir>     data folder (default .data/db)
  --in-memory          no data folder: everything is lost on exit
  --site-url <url>     where e-mail links point (default http://localhost:4321)
  --migrations <dir>   migrations folder (default supabase/migrations)
  --seed <file>        seed applied to a new database (default supabase/seed.sql)
  --no-seed            do not seed a new database
  --no-rate-limits     turn off GoTrue's request and e-mail rate limits
  --email-confirmations <on|off>
                       whether sign-ups must confirm their e-mail (default: supabase/config.toml
                       [auth.email] enable_confirmations, on when unset)
  --reset              wipe the data folder before starting
  --quiet              no request log
  -h, --help           this text`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'in-memory': { type: 'boolean' },
        'site-url': { type: 'string' },
        migrations: { type: 'string' },
        seed: { type: 'string' },
        'no-seed': { type: 'boolean' },
        'no-rate-limits': { type: 'boolean' },
        'email-confirmations': { type: 'string' },
        reset: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const port = args.port === undefined ? 54321 : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Porta inválida: ${args.port}`);
    return 2;
  }
  const confirmations = args['email-confirmations'];
  if (confirmations !== undefined && confirmations !== 'on' && confirmations !== 'off') {
    console.error(`--email-confirmations aceita on ou off, não ${confirmations}`);
    return 2;
  }
  const dataDir = args['in-memory'] ? null : (args['data-dir'] ?? '.data/db');

  try {
    if (args.reset && dataDir) {
      resetDataDir(dataDir);
      console.log(`[local-supabase] data folder ${dataDir} wiped`);
    }
    const sb = await startLocalSupabase({
      port,
      host: args.host ?? '127.0.0.1',
      dataDir,
      siteUrl: args['site-url'] ?? 'http://localhost:4321',
      migrationsDir: args.migrations ?? 'supabase/migrations',
      seedFile: args['no-seed'] ? null : (args.seed ?? 'supabase/seed.sql'),
      rateLimits: !args['no-rate-limits'],
      enableConfirmations: confirmations === undefined ? undefined : confirmations === 'on',
      quiet: args.quiet ?? false,
    });
    // The signal handlers are in place before the banner says Ctrl-C works: whoever reads it may stop us at once.
    const stopped = new Promise<void>((resolve) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`\n[local-supabase] ${signal}: stopping...`);
        sb.stop().then(resolve, (err) => {
          console.error(err);
          resolve();
        });
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    });
    console.log(`
Local Supabase (development only) is running
  API URL:          ${sb.url}
  Publishable key:  ${sb.publishableKey}
  Secret key:       ${sb.secretKey}
  JWT signing:      ${sb.keys.signingAlg}${sb.keys.signingAlg === 'HS256' ? ' (legacy secret)' : ` (JWKS at ${sb.url}/auth/v1/.well-known/jwks.json)`}
  Legacy keys (JWT, still accepted):
    anon:           ${sb.anonKey}
    service_role:   ${sb.serviceRoleKey}
  Inbox:            ${sb.inboxUrl}
  Data:             ${dataDir ?? 'in memory'}${sb.isNew ? ' (new database)' : ''}
Ctrl-C stops it.`);
    await stopped;
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      return 1;
    }
    console.error(`[local-supabase] could not start: ${(err as Error).message}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
