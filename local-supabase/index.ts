// startLocalSupabase: the local stand-in for Supabase (GoTrue /auth/v1, PostgREST /rest/v1, Storage /storage/v1 over
// PGlite) as a library.
// For development and tests only: never a production backend.
import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AuthContext } from './auth/context.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitConfig } from './auth/ratelimit.ts';
import { DEFAULT_HASH_COST, QUICK_HASH_COST } from './auth/passwords.ts';
import { openDatabase } from './db.ts';
import { openFunctions } from './functions/index.ts';
import { ProjectKeys } from './keys/project-keys.ts';
import { loadSigningKeys, type SigningJwk } from './keys/signing-keys.ts';
import { readProjectConfig } from './project-config.ts';
import { attachRealtime } from './realtime/index.ts';
import { createServer } from './server.ts';
import { openStorage } from './storage/index.ts';

export { withClaims, DataDirLockedError, resetDataDir } from './db.ts';

export interface LocalSupabaseOptions {
  /** Default 54321; 0 = a free port. */
  port?: number;
  host?: string;
  /** Default '.data/db'; null = in-memory database. */
  dataDir?: string | null;
  /** Default 'supabase/migrations'; null = none. */
  migrationsDir?: string | null;
  /** Default 'supabase/seed.sql'; applied only when the database is new; null = no seed. */
  seedFile?: string | null;
  /** Folder of e-mail templates (confirmation.html, recovery.html, ...); default 'supabase/templates'. */
  templatesDir?: string | null;
  /** The Supabase CLI's config file whose auth settings are honoured; default 'supabase/config.toml'; null = none. */
  configFile?: string | null;
  /**
   * Whether sign-ups must confirm their e-mail (GoTrue's mailer autoconfirm when false). Default: the config file's
   * `[auth.email] enable_confirmations`, true when it is not set.
   */
  enableConfirmations?: boolean;
  /**
   * Whether an e-mail change needs the links sent to both the current and the new address (GoTrue's secure e-mail
   * change). Default: the config file's `[auth.email] double_confirm_changes`, true when it is not set.
   */
  /** Whether POST /signup accepts new accounts (GoTrue's DISABLE_SIGNUP inverted). Default: config.toml `[auth] enable_signup` (true when unset). */
  enableSignup?: boolean;
  doubleConfirmChanges?: boolean;
  /**
   * Whether a password change from a session older than 24 hours needs a reauthentication code as `nonce` (GoTrue's
   * secure password change). Default: the config file's `[auth.email] secure_password_change`, false when it is not set.
   */
  securePasswordChange?: boolean;
  /** Where e-mail links point. Default 'http://localhost:4321'. */
  siteUrl?: string;
  /** Other allowed redirect_to targets (exact, or a prefix ending in '*'). */
  additionalRedirectUrls?: string[];
  /** Default true (GoTrue's defaults); false turns request and e-mail limits off; an object overrides numbers. */
  rateLimits?: boolean | Partial<RateLimitConfig>;
  /** The Edge Functions served at /functions/v1 (one folder each); default 'supabase/functions'; null = none. */
  functionsDir?: string | null;
  /** Functions called on a schedule (JSON); default 'supabase/schedules.json'; null = none. */
  schedulesFile?: string | null;
  /**
   * bcrypt cost of new password hashes: GoTrue's 10 by default; 'quick' (bcrypt's minimum, 4) for test servers that
   * create an account per test. Passwords are checked against each hash's own cost either way.
   */
  passwordHashCost?: number | 'quick';
  /** Pins the JWT secret (otherwise: the data folder's own, or a random one for in-memory databases). */
  jwtSecret?: string;
  /**
   * The JWT signing keys user sessions are signed with: a JWK set file (created with one ES256 key when missing) or
   * the keys themselves (first = current), or null for HS256 with the legacy secret. Default: the config file's
   * `[auth] signing_keys_path`.
   */
  signingKeys?: string | SigningJwk[] | null;
  quiet?: boolean;
  /** Where log lines go when not quiet (default console.log). */
  logger?: (line: string) => void;
}

export interface LocalSupabase {
  url: string;
  /** The opaque keys the gateway maps to the anon and service_role roles. */
  publishableKey: string;
  secretKey: string;
  /** The legacy JWT keys (HS256, signed with the legacy secret), still accepted. */
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The project's keys: signer, verifier, JWKS. */
  keys: ProjectKeys;
  inboxUrl: string;
  pg: PGlite;
  /** True when this start created the database. */
  isNew: boolean;
  stop(): Promise<void>;
}

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const quiet = options.quiet ?? false;
  const logger = options.logger ?? ((line: string) => console.log(line));
  const log = quiet ? () => {} : (line: string) => logger(`[local-supabase] ${line}`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 54321;
  const dataDir = options.dataDir === undefined ? '.data/db' : options.dataDir;
  const migrationsDir = options.migrationsDir === undefined ? 'supabase/migrations' : options.migrationsDir;
  const seedFile = options.seedFile === undefined ? 'supabase/seed.sql' : options.seedFile;
  const templatesDir = options.templatesDir === undefined ? 'supabase/templates' : options.templatesDir;
  const configFile = options.configFile === undefined ? 'supabase/config.toml' : options.configFile;
  const config = readProjectConfig(configFile && path.resolve(configFile));
  const siteUrl = (options.siteUrl ?? 'http://localhost:4321').replace(/\/+$/, '');

  const db = await openDatabase({
    dataDir,
    migrationsDir: migrationsDir && path.resolve(migrationsDir),
    seedFile: seedFile && path.resolve(seedFile),
    log,
  });
  try {
    const jwtSecret = options.jwtSecret ?? db.folderSecret ?? randomBytes(48).toString('base64url');
    const signing = options.signingKeys === undefined ? config.signingKeysPath : options.signingKeys;
    const keys = await ProjectKeys.create(jwtSecret, typeof signing === 'string' ? loadSigningKeys(path.resolve(signing), log) : signing ?? []);
    const { anonKey, serviceRoleKey } = keys;
    const limits =
      options.rateLimits === false
        ? null
        : { ...DEFAULT_RATE_LIMITS, ...(typeof options.rateLimits === 'object' ? options.rateLimits : {}) };

    const auth: AuthContext = {
      pg: db.pg,
      jwtSecret,
      keys,
      anonKey,
      serviceRoleKey,
      apiUrl: '',
      issuer: '',
      siteUrl,
      additionalRedirectUrls: options.additionalRedirectUrls ?? [],
      templatesDir: templatesDir && path.resolve(templatesDir),
      limiter: new RateLimiter(limits),
      disableSignup: !(options.enableSignup ?? config.enableSignup),
      mailerAutoconfirm: !(options.enableConfirmations ?? config.enableConfirmations),
      secureEmailChange: options.doubleConfirmChanges ?? config.doubleConfirmChanges,
      securePasswordChange: options.securePasswordChange ?? config.securePasswordChange,
      passwordHashCost: options.passwordHashCost === 'quick' ? QUICK_HASH_COST : options.passwordHashCost ?? DEFAULT_HASH_COST,
      otpExpirySeconds: 86400,
      log,
    };
    const storage = await openStorage({ pg: db.pg, jwtSecret, keys, dataDir, log });
    let url = '';
    const functionsDir = options.functionsDir === undefined ? 'supabase/functions' : options.functionsDir;
    const schedulesFile = options.schedulesFile === undefined ? 'supabase/schedules.json' : options.schedulesFile;
    const functions = openFunctions({
      dir: functionsDir && path.resolve(functionsDir),
      configFile: configFile && path.resolve(configFile),
      schedulesFile: schedulesFile && path.resolve(schedulesFile),
      keys,
      log,
      siteUrl,
    });
    const server = createServer({ auth, pg: db.pg, log, publicConfig: () => ({ url, publishable_key: keys.publishableKey, anon_key: anonKey }), storage, apiSchemas: config.apiSchemas, functions });
    const realtime = await attachRealtime(server, { pg: db.pg, keys, log });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EADDRINUSE'
            ? new Error(`A porta ${port} em ${host} já está em uso (outro Supabase local rodando?). Use outra porta.`)
            : err,
        ),
      );
      server.listen(port, host, () => {
        server.removeAllListeners('error');
        resolve();
      });
    });
    const addr = server.address() as AddressInfo;
    const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    url = `http://${urlHost}:${addr.port}`;
    auth.apiUrl = url;
    auth.issuer = `${url}/auth/v1`;
    functions.start(url);
    log(`listening on ${url} (${dataDir ? `data in ${path.resolve(dataDir)}` : 'in-memory database'})`);

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        functions.stop();
        await realtime.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
        log('stopped');
      })();
      return stopping;
    };

    return { url, publishableKey: keys.publishableKey, secretKey: keys.secretKey, anonKey, serviceRoleKey, jwtSecret, keys, inboxUrl: `${url}/_dev/inbox`, pg: db.pg, isNew: db.isNew, stop };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
