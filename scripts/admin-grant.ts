// `npm run admin:grant -- <email> [--revoke]`: makes a user an admin (app_metadata.role = 'admin') through the
// GoTrue admin API with the project's secret key. Only the server can write app_metadata, which is why the role lives
// there.
//
// Target: a hosted project when SUPABASE_URL and SUPABASE_SECRET_KEY (`sb_secret_…`; the legacy service_role JWT in
// SUPABASE_SERVICE_ROLE_KEY is still accepted) are set; otherwise the local Supabase of `npm start` (its data folder,
// .data/db by default or LOCAL_SUPABASE_DATA_DIR).
import { createClient, type User } from '@supabase/supabase-js';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalSupabase } from '../local-supabase/index.ts';
import { DataDirLockedError } from '../local-supabase/db.ts';
import { opaqueKey } from '../local-supabase/keys/project-keys.ts';

export interface AdminTarget {
  url: string;
  /** The secret key (or the legacy service_role key). */
  secretKey: string;
  /** Called when the command is done with the target (stops a local Supabase started for it). */
  close?: () => Promise<void>;
  /** Where the target is, for the messages. */
  label: string;
}

export interface GrantResult {
  userId: string;
  email: string;
  /** app_metadata.role after the change (null when revoked). */
  role: string | null;
  /** False when the user already had the requested role. */
  changed: boolean;
}

/** A failure with a message meant for the person running the command (pt-BR). */
export class GrantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrantError';
  }
}

const PER_PAGE = 1000;

/** Node 20 has no WebSocket and this tool never uses realtime: a stand-in keeps supabase-js from refusing to start. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime não é usado por esta ferramenta.');
  }
}

/** supabase-js options for a server-side tool: no stored session, no refresh timer, no realtime socket. */
export const NODE_CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtime as unknown as typeof WebSocket },
};

async function findUserByEmail(admin: ReturnType<typeof createClient>['auth']['admin'], email: string): Promise<User | null> {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; page < 10_000; page += 1) {
    const { data, error } = await admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw new GrantError(`Não foi possível listar os usuários: ${error.message}`);
    const users = data.users ?? [];
    const found = users.find((u) => (u.email ?? '').toLowerCase() === wanted);
    if (found) return found;
    if (users.length < PER_PAGE) return null;
  }
  return null;
}

/**
 * Sets (or with `revoke` removes) app_metadata.role = 'admin' for the user with this e-mail,
 * keeping every other app_metadata key. Throws GrantError with a pt-BR message on any failure.
 */
export async function setAdminRole(target: Pick<AdminTarget, 'url' | 'secretKey'>, email: string, revoke = false): Promise<GrantResult> {
  const address = email.trim();
  if (!address || !address.includes('@')) throw new GrantError(`E-mail inválido: "${email}".`);
  const client = createClient(target.url, target.secretKey, NODE_CLIENT_OPTIONS);
  const user = await findUserByEmail(client.auth.admin, address);
  if (!user) throw new GrantError(`Nenhum usuário com o e-mail ${address} foi encontrado.`);

  const current = (user.app_metadata ?? {}) as Record<string, unknown>;
  const isAdmin = current.role === 'admin';
  if (isAdmin !== revoke) {
    return { userId: user.id, email: user.email ?? address, role: (current.role as string | undefined) ?? null, changed: false };
  }
  const { role: _previous, ...rest } = current;
  // GoTrue merges app_metadata on update and deletes keys sent as null, so revoking sends role: null.
  const app_metadata = revoke ? { ...rest, role: null } : { ...rest, role: 'admin' };
  const { data, error } = await client.auth.admin.updateUserById(user.id, { app_metadata });
  if (error) throw new GrantError(`Não foi possível atualizar o usuário ${address}: ${error.message}`);
  const role = (data.user?.app_metadata?.role as string | undefined) ?? null;
  if (revoke ? role === 'admin' : role !== 'admin') {
    throw new GrantError(`O servidor não aplicou a mudança de papel para ${address}.`);
  }
  return { userId: user.id, email: data.user?.email ?? address, role, changed: true };
}

/** The hosted project from the environment, null when neither variable is set. */
export function hostedTarget(env: NodeJS.ProcessEnv = process.env): AdminTarget | null {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_SECRET_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (!url && !key) return null;
  if (!url || !key) {
    throw new GrantError(
      'Configuração incompleta: defina SUPABASE_URL e SUPABASE_SECRET_KEY juntas para usar um projeto hospedado ' +
        '(ou nenhuma das duas para usar o Supabase local).',
    );
  }
  if (!/^https?:\/\//.test(url)) throw new GrantError(`SUPABASE_URL inválida: "${url}" (esperado http:// ou https://).`);
  if (key.startsWith('sb_publishable_')) {
    throw new GrantError(
      'SUPABASE_SECRET_KEY contém a publishable key, que não tem acesso à API de administração. ' +
        'Use uma secret key (sb_secret_…, em Project Settings → API Keys).',
    );
  }
  return { url: url.replace(/\/+$/, ''), secretKey: key, label: url };
}

/**
 * The local Supabase of `npm start`. When no instance holds the data folder, one is started in this process
 * on a free port (and stopped at the end); when `npm start` is running, the secret key is made from the
 * folder's JWT secret and the running instance (LOCAL_SUPABASE_URL, default http://127.0.0.1:54321) is used.
 */
export async function localTarget(env: NodeJS.ProcessEnv = process.env): Promise<AdminTarget> {
  const dataDir = path.resolve(env.LOCAL_SUPABASE_DATA_DIR?.trim() || '.data/db');
  try {
    const sb = await startLocalSupabase({ port: 0, host: '127.0.0.1', dataDir, quiet: true });
    return { url: sb.url, secretKey: sb.secretKey, label: `Supabase local, ${dataDir}`, close: () => sb.stop() };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(secretFile)) {
    throw new GrantError(`O Supabase local está em execução, mas o segredo JWT não foi encontrado em ${secretFile}.`);
  }
  const url = (env.LOCAL_SUPABASE_URL?.trim() || 'http://127.0.0.1:54321').replace(/\/+$/, '');
  const secretKey = opaqueKey(fs.readFileSync(secretFile, 'utf8').trim(), 'sb_secret_');
  try {
    await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw new GrantError(
      `A pasta ${dataDir} está em uso por outra instância do Supabase local, mas ${url} não responde. ` +
        'Defina LOCAL_SUPABASE_URL com o endereço dessa instância.',
    );
  }
  return { url, secretKey, label: `Supabase local em ${url}` };
}

export interface CliArgs {
  email: string;
  revoke: boolean;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  let revoke = false;
  const rest: string[] = [];
  for (const arg of argv) {
    if (arg === '--revoke') revoke = true;
    else if (arg === '--help' || arg === '-h') throw new GrantError(USAGE);
    else if (arg.startsWith('-')) throw new GrantError(`Opção desconhecida: ${arg}\n${USAGE}`);
    else rest.push(arg);
  }
  if (rest.length !== 1) throw new GrantError(USAGE);
  return { email: rest[0]!, revoke };
}

const USAGE =
  'Uso: npm run admin:grant -- <email> [--revoke]\n' +
  '  Dá (ou com --revoke retira) o papel de administrador ao usuário com esse e-mail.\n' +
  '  Usa o Supabase local por padrão; com SUPABASE_URL e SUPABASE_SECRET_KEY (sb_secret_…) definidas, o projeto hospedado.';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const resolved = hostedTarget() ?? (await localTarget());
  try {
    const result = await setAdminRole(resolved, args.email, args.revoke);
    if (!result.changed) {
      console.log(
        args.revoke
          ? `${result.email} já não era administrador (${resolved.label}). Nada mudou.`
          : `${result.email} já é administrador (${resolved.label}). Nada mudou.`,
      );
    } else {
      console.log(
        args.revoke
          ? `Papel de administrador retirado de ${result.email} (${resolved.label}).`
          : `${result.email} agora é administrador (${resolved.label}).`,
      );
      console.log('A mudança vale a partir do próximo login (ou da próxima renovação da sessão).');
    }
  } finally {
    await resolved.close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof GrantError ? error.message : `Erro inesperado: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
