// `npm run admin:grant`: gives and takes the admin role through GoTrue's admin API, keeping the rest of app_metadata.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase } from '../../local-supabase/index.ts';
import { GrantError, NODE_CLIENT_OPTIONS, hostedTarget, parseArgs, setAdminRole } from '../../scripts/admin-grant.ts';

const run = promisify(execFile);

type Local = Awaited<ReturnType<typeof startLocalSupabase>>;
let sb: Local;
let service: SupabaseClient;

const options = NODE_CLIENT_OPTIONS;

async function newUser(appMetadata: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const email = `grant-${Math.random().toString(36).slice(2, 10)}@exemplo.com.br`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: 'senha-secreta',
    email_confirm: true,
    user_metadata: { full_name: 'Pessoa de Teste' },
    app_metadata: appMetadata,
  });
  if (error) throw error;
  return { id: data.user.id, email };
}

async function appMetadataOf(id: string): Promise<Record<string, unknown>> {
  const { data, error } = await service.auth.admin.getUserById(id);
  if (error) throw error;
  return data.user.app_metadata as Record<string, unknown>;
}

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, host: '127.0.0.1', dataDir: null, seedFile: null, rateLimits: false, quiet: true });
  service = createClient(sb.url, sb.secretKey, options);
});

afterAll(async () => {
  await sb?.stop();
});

describe('setAdminRole', () => {
  it('dá o papel admin e mantém as outras chaves de app_metadata', async () => {
    const user = await newUser({ plano: 'avancado' });
    const result = await setAdminRole({ url: sb.url, secretKey: sb.secretKey }, user.email);
    expect(result).toMatchObject({ userId: user.id, role: 'admin', changed: true });
    const meta = await appMetadataOf(user.id);
    expect(meta.role).toBe('admin');
    expect(meta.plano).toBe('avancado');
  });

  it('o próximo login do usuário traz role admin no app_metadata do JWT', async () => {
    const user = await newUser();
    await setAdminRole({ url: sb.url, secretKey: sb.secretKey }, user.email.toUpperCase());
    const anon = createClient(sb.url, sb.anonKey, options);
    const { data, error } = await anon.auth.signInWithPassword({ email: user.email, password: 'senha-secreta' });
    expect(error).toBeNull();
    const claims = claimsOf(data.session!.access_token);
    expect((claims.app_metadata as Record<string, unknown>).role).toBe('admin');
  });

  it('não muda nada quando o usuário já é admin', async () => {
    const user = await newUser({ role: 'admin' });
    const result = await setAdminRole({ url: sb.url, secretKey: sb.secretKey }, user.email);
    expect(result.changed).toBe(false);
    expect((await appMetadataOf(user.id)).role).toBe('admin');
  });

  it('com revoke retira o papel admin e mantém o resto', async () => {
    const user = await newUser({ role: 'admin', plano: 'premium' });
    const result = await setAdminRole({ url: sb.url, secretKey: sb.secretKey }, user.email, true);
    expect(result.changed).toBe(true);
    const meta = await appMetadataOf(user.id);
    expect(meta.role ?? null).not.toBe('admin');
    expect(meta.plano).toBe('premium');
  });

  it('e-mail desconhecido dá uma mensagem clara em pt-BR e ninguém vira admin', async () => {
    const bystander = await newUser();
    await expect(
      setAdminRole({ url: sb.url, secretKey: sb.secretKey }, 'ninguem@exemplo.com.br'),
    ).rejects.toThrow('Nenhum usuário com o e-mail ninguem@exemplo.com.br foi encontrado.');
    expect((await appMetadataOf(bystander.id)).role).not.toBe('admin');
  });

  it('recusa a chave anon: só a service role escreve app_metadata', async () => {
    const user = await newUser();
    await expect(setAdminRole({ url: sb.url, secretKey: sb.publishableKey }, user.email)).rejects.toBeInstanceOf(GrantError);
    expect((await appMetadataOf(user.id)).role).not.toBe('admin');
  });
});

describe('configuração e argumentos', () => {
  it('sem SUPABASE_URL nem SUPABASE_SECRET_KEY usa o Supabase local', () => {
    expect(hostedTarget({})).toBeNull();
  });

  it('só uma das duas variáveis dá erro de configuração incompleta', () => {
    expect(() => hostedTarget({ SUPABASE_URL: 'https://x.supabase.co' })).toThrow(/Configuração incompleta/);
    expect(() => hostedTarget({ SUPABASE_SECRET_KEY: 'sb_secret_x' })).toThrow(/Configuração incompleta/);
  });

  it('as duas variáveis apontam para o projeto hospedado; a service_role key legada ainda vale', () => {
    expect(hostedTarget({ SUPABASE_URL: 'https://x.supabase.co/', SUPABASE_SECRET_KEY: 'sb_secret_x' })).toMatchObject({
      url: 'https://x.supabase.co',
      secretKey: 'sb_secret_x',
    });
    expect(hostedTarget({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.legado.x' })).toMatchObject({
      secretKey: 'eyJ.legado.x',
    });
  });

  it('a publishable key no lugar da secret key é recusada com explicação', () => {
    expect(() => hostedTarget({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_SECRET_KEY: 'sb_publishable_x' })).toThrow(
      /SUPABASE_SECRET_KEY contém a publishable key/,
    );
  });

  it('lê o e-mail e --revoke; sem e-mail mostra o uso', () => {
    expect(parseArgs(['a@b.com'])).toEqual({ email: 'a@b.com', revoke: false });
    expect(parseArgs(['--revoke', 'a@b.com'])).toEqual({ email: 'a@b.com', revoke: true });
    expect(() => parseArgs([])).toThrow(/Uso: npm run admin:grant/);
    expect(() => parseArgs(['a@b.com', '--force'])).toThrow(/Opção desconhecida: --force/);
  });
});

describe('o comando', () => {
  it('npm run admin:grant -- <email> contra um projeto dado por SUPABASE_URL/SUPABASE_SECRET_KEY', async () => {
    const user = await newUser();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', user.email], {
      env: { ...process.env, SUPABASE_URL: sb.url, SUPABASE_SECRET_KEY: sb.secretKey },
    });
    expect(stdout).toContain(`${user.email} agora é administrador`);
    expect((await appMetadataOf(user.id)).role).toBe('admin');
  }, 30_000);

  it('e-mail desconhecido termina com código 1 e a mensagem em pt-BR', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', 'sumido@exemplo.com.br'], {
      env: { ...process.env, SUPABASE_URL: sb.url, SUPABASE_SERVICE_ROLE_KEY: sb.serviceRoleKey },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Nenhum usuário com o e-mail sumido@exemplo.com.br foi encontrado.');
  }, 30_000);
});
