// The local Supabase's GoTrue (/auth/v1) driven by supabase-js, as the site drives it: sign-up, confirmation,
// sign-in, refresh, recovery, user updates, logout. Rate limits are off here (see auth-security.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../local-supabase/index.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let sb: TestBackend;

beforeAll(async () => {
  sb = await startTestBackend();
});
afterAll(async () => {
  await sb?.stop();
});

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}

async function signUpAndConfirm(name = 'Maria Teste'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('cadastro');
  const password = 'senha-forte-1';
  const client = sb.anonClient();
  const { error } = await client.auth.signUp({ email, password, options: { data: { full_name: name, role: 'user' } } });
  if (error) throw error;
  const mail = await sb.lastMail(email);
  const tokenHash = new URL(mail.links[0]!).searchParams.get('token_hash')!;
  const v = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  if (v.error) throw v.error;
  return { email, password };
}

describe('cadastro e confirmação por e-mail', () => {
  it('signup → e-mail de confirmação na caixa local → verifyOtp → login com senha', async () => {
    const email = uniqueEmail('novo');
    const client = sb.anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'senha-forte-1',
      options: { data: { full_name: 'Ana Souza', role: 'user' }, emailRedirectTo: `${sb.siteUrl}/confirm-email` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull(); // confirmation required, as on hosted Supabase
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ana Souza', role: 'user', email_verified: false });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const mail = await sb.lastMail(email);
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/confirme|confirmação/i);
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${sb.siteUrl}/confirm-email`);
    expect(link.searchParams.get('type')).toBe('signup');
    const tokenHash = link.searchParams.get('token_hash')!;
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);
    expect(mail.html).toContain(tokenHash);

    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata.email_verified).toBe(true);

    // The link is single use.
    const again = await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);

    const signIn = await sb.anonClient().auth.signInWithPassword({ email, password: 'senha-forte-1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.token_type).toBe('bearer');
    expect(signIn.data.session?.expires_in).toBe(3600);

    // The database engineer's trigger filled the profile from user_metadata.
    const profile = await sb.pg.query<{ full_name: string; email: string }>(`select full_name, email from public.profiles where id = $1`, [
      data.user!.id,
    ]);
    expect(profile.rows[0]).toMatchObject({ full_name: 'Ana Souza', email });
  });

  it('login antes de confirmar o e-mail responde email_not_confirmed (400)', async () => {
    const email = uniqueEmail('pendente');
    await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    const { data, error } = await sb.anonClient().auth.signInWithPassword({ email, password: 'senha-forte-1' });
    expect(data.session).toBeNull();
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Email not confirmed');
  });

  it('senha errada e e-mail desconhecido dão a mesma resposta invalid_credentials', async () => {
    const { email } = await signUpAndConfirm();
    const wrong = await sb.anonClient().auth.signInWithPassword({ email, password: 'outra-senha' });
    const unknown = await sb.anonClient().auth.signInWithPassword({ email: uniqueEmail('ninguem'), password: 'outra-senha' });
    for (const r of [wrong, unknown]) {
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.status).toBe(400);
      expect(r.error?.message).toBe('Invalid login credentials');
    }
  });

  it('o e-mail é aceito sem diferenciar maiúsculas e minúsculas', async () => {
    const { email, password } = await signUpAndConfirm();
    const { error } = await sb.anonClient().auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(error).toBeNull();
  });

  it('resend de um cadastro pendente envia um novo link e só o mais novo vale', async () => {
    const email = uniqueEmail('reenvio');
    const client = sb.anonClient();
    await client.auth.signUp({ email, password: 'senha-forte-1' });
    const first = new URL((await sb.lastMail(email)).links[0]!).searchParams.get('token_hash')!;
    const { error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const mails = await sb.inbox(email);
    expect(mails).toHaveLength(2);
    const second = new URL(mails[0]!.links[0]!).searchParams.get('token_hash')!;
    expect(second).not.toBe(first);
    expect((await client.auth.verifyOtp({ token_hash: first, type: 'signup' })).error?.code).toBe('otp_expired');
    expect((await client.auth.verifyOtp({ token_hash: second, type: 'signup' })).error).toBeNull();
  });
});

describe('sem enumeração de contas', () => {
  it('signup com um e-mail já confirmado responde como um cadastro novo, com identities vazio e sem e-mail', async () => {
    const user = await sb.createConfirmedUser();
    const before = (await sb.inbox(user.email)).length;
    const { data, error } = await sb.anonClient().auth.signUp({ email: user.email, password: 'qualquer-senha' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.id).not.toBe(user.id);
    expect(data.user?.identities).toEqual([]);
    expect((await sb.inbox(user.email)).length).toBe(before);
    // The existing account is untouched: its password still works, the one sent in the signup does not.
    expect((await sb.anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    expect((await sb.anonClient().auth.signInWithPassword({ email: user.email, password: 'qualquer-senha' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('recover e resend respondem {} para e-mails desconhecidos e não enviam nada', async () => {
    const email = uniqueEmail('desconhecido');
    const recover = await sb.anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${sb.siteUrl}/reset-password` });
    expect(recover.error).toBeNull();
    expect(recover.data).toEqual({});
    const resend = await sb.anonClient().auth.resend({ type: 'signup', email });
    expect(resend.error).toBeNull();
    expect(await sb.inbox(email)).toEqual([]);
  });

  it('resend para um e-mail já confirmado responde {} e não envia nada', async () => {
    const user = await sb.createConfirmedUser();
    const { error } = await sb.anonClient().auth.resend({ type: 'signup', email: user.email });
    expect(error).toBeNull();
    expect(await sb.inbox(user.email)).toEqual([]);
  });
});

describe('senhas', () => {
  it('menos de 6 caracteres: 422 weak_password; mais de 72: 400; 6 e 72 aceitos', async () => {
    const weak = await sb.anonClient().auth.signUp({ email: uniqueEmail('fraca'), password: '12345' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);

    const long = await sb.anonClient().auth.signUp({ email: uniqueEmail('longa'), password: 'a'.repeat(73) });
    expect(long.error?.status).toBe(400);
    expect(long.error?.message).toMatch(/72/);

    for (const password of ['123456', 'b'.repeat(72)]) {
      const ok = await sb.anonClient().auth.signUp({ email: uniqueEmail('limite'), password });
      expect(ok.error).toBeNull();
    }
  });

  it('senhas ficam em bcrypt custo 10, nunca em texto', async () => {
    const user = await sb.createConfirmedUser({ password: 'texto-claro-123' });
    const r = await sb.pg.query<{ encrypted_password: string }>(`select encrypted_password from auth.users where id = $1`, [user.id]);
    expect(r.rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(r.rows[0]!.encrypted_password).not.toContain('texto-claro-123');
  });
});

describe('tokens e sessões', () => {
  it('o access token é um JWT ES256 (chave de supabase/config.toml, kid no cabeçalho) com as claims do GoTrue e exp - iat = 3600', async () => {
    const user = await sb.createConfirmedUser({ name: 'Claims' });
    const { data } = await sb.anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    const token = data.session!.access_token;
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header.alg).toBe('ES256');
    expect(sb.keys.jwks().keys.map((k) => k.kid)).toContain(header.kid);
    const c = claimsOf(token);
    expect(c).toMatchObject({
      iss: `${sb.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((c.user_metadata as Record<string, unknown>).full_name).toBe('Claims');
    expect(Number(c.exp) - Number(c.iat)).toBe(3600);
    expect(c.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(c.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.session!.expires_at).toBe(c.exp);
  });

  it('refresh gira o refresh token; o anterior, reapresentado logo em seguida, devolve o token ativo', async () => {
    const user = await sb.createConfirmedUser();
    const client = await sb.signedInClient(user.email, user.password);
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second.access_token).session_id).toBe(claimsOf(first.access_token).session_id);

    // The client lost the answer and retries with the parent within the 10 s grace: it gets the active token back.
    const retry = await sb.anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second.refresh_token);

    const third = await sb.anonClient().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(third.error).toBeNull();
  });

  it('reusar um refresh token gasto fora da tolerância revoga a sessão inteira', async () => {
    const user = await sb.createConfirmedUser();
    const client = await sb.signedInClient(user.email, user.password);
    const first = (await client.auth.getSession()).data.session!;
    const second = (await sb.anonClient().auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    const third = (await sb.anonClient().auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    expect(third.refresh_token).toBeTruthy();

    // `first` is no longer the active token's parent: reusing it is theft, and ends the session.
    const reuse = await sb.anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.status).toBe(400);
    const afterTheft = await sb.anonClient().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(afterTheft.error?.status).toBe(400);
    const res = await fetch(`${sb.url}/auth/v1/user`, { headers: { apikey: sb.publishableKey, authorization: `Bearer ${third.access_token}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('session_not_found');
  });

  it('o pai direto do token ativo, reapresentado depois de 10 s, também revoga a sessão', async () => {
    const user = await sb.createConfirmedUser();
    const client = await sb.signedInClient(user.email, user.password);
    const first = (await client.auth.getSession()).data.session!;
    const second = (await sb.anonClient().auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    await sb.pg.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [first.refresh_token]);
    const late = await sb.anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(late.error?.code).toBe('refresh_token_already_used');
    const child = await sb.anonClient().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(child.error?.status).toBe(400);
  });

  it('refresh token desconhecido: 400 refresh_token_not_found', async () => {
    const r = await sb.anonClient().auth.refreshSession({ refresh_token: 'nao-existe' });
    expect(r.error?.code).toBe('refresh_token_not_found');
    expect(r.error?.status).toBe(400);
  });
});

describe('recuperação de senha', () => {
  it('recover → e-mail → GET verify 303 com a sessão no hash → updateUser senha → senha antiga recusada', async () => {
    const user = await sb.createConfirmedUser({ password: 'senha-antiga-1' });
    const { data, error } = await sb.anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: `${sb.siteUrl}/reset-password` });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await sb.lastMail(user.email);
    expect(mail.subject).toMatch(/senha/i);
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${sb.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${sb.siteUrl}/reset-password`);

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${sb.siteUrl}/reset-password#`)).toBe(true);
    const hash = new URLSearchParams(location.split('#')[1]);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(claimsOf(hash.get('access_token')!).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const client = sb.anonClient();
    const set = await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(set.error).toBeNull();
    const upd = await client.auth.updateUser({ password: 'senha-nova-22' });
    expect(upd.error).toBeNull();

    const old = await sb.anonClient().auth.signInWithPassword({ email: user.email, password: 'senha-antiga-1' });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await sb.anonClient().auth.signInWithPassword({ email: user.email, password: 'senha-nova-22' });
    expect(fresh.error).toBeNull();

    // The link was spent.
    const reused = await fetch(link, { redirect: 'manual' });
    const errHash = new URLSearchParams(reused.headers.get('location')!.split('#')[1]);
    expect(errHash.get('error_code')).toBe('otp_expired');
  });

  it('link inválido: 303 para redirect_to com o erro no hash', async () => {
    const url = `${sb.url}/auth/v1/verify?token=invalido&type=recovery&redirect_to=${encodeURIComponent(`${sb.siteUrl}/reset-password`)}`;
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${sb.siteUrl}/reset-password#`)).toBe(true);
    const hash = new URLSearchParams(location.split('#')[1]);
    expect(hash.get('error')).toBe('access_denied');
    expect(hash.get('error_code')).toBe('otp_expired');
    expect(hash.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('redirect_to fora do site cai no endereço do site', async () => {
    const user = await sb.createConfirmedUser();
    await sb.anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: 'https://malicioso.example/roubo' });
    const link = new URL((await sb.lastMail(user.email)).links[0]!);
    expect(link.searchParams.get('redirect_to')).toBe(`${sb.siteUrl}/reset-password`);
    const res = await fetch(`${link.origin}${link.pathname}?token=x&type=recovery&redirect_to=${encodeURIComponent('https://malicioso.example/')}`, {
      redirect: 'manual',
    });
    expect(res.headers.get('location')!.startsWith(sb.siteUrl)).toBe(true);
  });

  it('trocar para a mesma senha: 422 same_password', async () => {
    const user = await sb.createConfirmedUser();
    const client = await sb.signedInClient(user.email, user.password);
    const r = await client.auth.updateUser({ password: user.password });
    expect(r.error?.code).toBe('same_password');
    expect(r.error?.status).toBe(422);
  });

  it('trocar a senha encerra as outras sessões do usuário e mantém a atual', async () => {
    const user = await sb.createConfirmedUser();
    const a = await sb.signedInClient(user.email, user.password);
    const b = await sb.signedInClient(user.email, user.password);
    expect((await a.auth.updateUser({ password: 'outra-senha-99' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    const other = await b.auth.getUser();
    expect(other.error?.name).toBe('AuthSessionMissingError');
    const bRefresh = (await b.auth.getSession()).data.session;
    expect(bRefresh).toBeNull(); // getUser saw session_not_found and cleared it
  });
});

describe('dados do usuário', () => {
  it('updateUser mescla data em user_metadata e null apaga a chave', async () => {
    const user = await sb.createConfirmedUser({ name: 'Nome Antigo' });
    const client = await sb.signedInClient(user.email, user.password);
    const r1 = await client.auth.updateUser({ data: { full_name: 'Nome Novo', avatar_url: 'https://exemplo.com.br/a.png' } });
    expect(r1.error).toBeNull();
    expect(r1.data.user?.user_metadata).toMatchObject({ full_name: 'Nome Novo', avatar_url: 'https://exemplo.com.br/a.png' });
    const r2 = await client.auth.updateUser({ data: { avatar_url: null } });
    expect(r2.data.user?.user_metadata.full_name).toBe('Nome Novo');
    expect('avatar_url' in (r2.data.user?.user_metadata ?? {})).toBe(false);
    const profile = await sb.pg.query<{ full_name: string }>(`select full_name from public.profiles where id = $1`, [user.id]);
    expect(profile.rows[0]!.full_name).toBe('Nome Novo');
  });

  it('o usuário não altera app_metadata, e user_metadata.role = admin não dá poder algum', async () => {
    const user = await sb.createConfirmedUser();
    const client = await sb.signedInClient(user.email, user.password);
    const attempt = await client.auth.updateUser({ data: { sorrateiro: true }, app_metadata: { role: 'admin' } } as never);
    expect(attempt.error?.status).toBe(403);
    // The refused request changed nothing, not even its harmless part.
    expect((await client.auth.getUser()).data.user?.user_metadata.sorrateiro).toBeUndefined();
    const r = await client.auth.updateUser({ data: { role: 'admin' } });
    expect(r.error).toBeNull();
    expect(r.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const refreshed = (await client.auth.refreshSession()).data.session!;
    const claims = claimsOf(refreshed.access_token);
    expect((claims.user_metadata as Record<string, unknown>).role).toBe('admin');
    expect((claims.app_metadata as Record<string, unknown>).role).toBeUndefined();
    const isAdmin = await withClaims(sb.pg, claims as { role: string }, async (tx) =>
      (await tx.query<{ is_admin: boolean }>('select public.is_admin() as is_admin')).rows[0]!.is_admin,
    );
    expect(isAdmin).toBe(false);
  });
});

describe('logout', () => {
  async function threeSessions() {
    const user = await sb.createConfirmedUser();
    const clients = await Promise.all([0, 1, 2].map(() => sb.signedInClient(user.email, user.password)));
    return clients;
  }
  const alive = async (c: Awaited<ReturnType<typeof threeSessions>>[number], token: string) =>
    (await fetch(`${sb.url}/auth/v1/user`, { headers: { apikey: sb.publishableKey, authorization: `Bearer ${token}` } })).status === 200;

  it('scope others encerra as outras sessões e mantém a atual', async () => {
    const [a, b, c] = await threeSessions();
    const tokens = await Promise.all([a, b, c].map(async (x) => (await x!.auth.getSession()).data.session!.access_token));
    expect((await a!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(a!, tokens[0]!)).toBe(true);
    expect(await alive(b!, tokens[1]!)).toBe(false);
    expect(await alive(c!, tokens[2]!)).toBe(false);
  });

  it('scope local encerra só a sessão atual', async () => {
    const [a, b] = await threeSessions();
    const ta = (await a!.auth.getSession()).data.session!;
    const tb = (await b!.auth.getSession()).data.session!.access_token;
    expect((await a!.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(a!, ta.access_token)).toBe(false);
    expect(await alive(b!, tb)).toBe(true);
    expect((await sb.anonClient().auth.refreshSession({ refresh_token: ta.refresh_token })).error?.status).toBe(400);
  });

  it('scope global (padrão) encerra todas as sessões do usuário', async () => {
    const [a, b, c] = await threeSessions();
    const tokens = await Promise.all([a, b, c].map(async (x) => (await x!.auth.getSession()).data.session!.access_token));
    const res = await fetch(`${sb.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, authorization: `Bearer ${tokens[0]}` },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    for (const [i, x] of [a, b, c].entries()) expect(await alive(x!, tokens[i]!)).toBe(false);
  });
});

describe('API admin (service_role)', () => {
  it('cria, lista paginado, lê, atualiza app_metadata e apaga usuários', async () => {
    const admin = sb.serviceClient().auth.admin;
    const email = uniqueEmail('admin-api');
    const created = await admin.createUser({
      email,
      password: 'senha-admin-1',
      email_confirm: true,
      user_metadata: { full_name: 'Pela API' },
      app_metadata: { plan: 'essential' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user!.email_confirmed_at).toBeTruthy();
    expect(created.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'essential' });

    const dup = await admin.createUser({ email, password: 'senha-admin-1' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect((page1.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(3);
    expect((page1.data as unknown as { nextPage: number | null }).nextPage).toBe(2);

    const got = await admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);

    const upd = await admin.updateUserById(id, { app_metadata: { role: 'admin', plan: null } });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'admin' });
    const session = (await sb.anonClient().auth.signInWithPassword({ email, password: 'senha-admin-1' })).data.session!;
    expect((claimsOf(session.access_token).app_metadata as Record<string, unknown>).role).toBe('admin');

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect((await sb.pg.query(`select 1 from public.profiles where id = $1`, [id])).rows).toHaveLength(0);
  });

  it('a chave anon e o token de um usuário não usam a API admin (403 not_admin)', async () => {
    const anonAttempt = await sb.anonClient().auth.admin.listUsers();
    expect(anonAttempt.error?.status).toBe(403);
    expect(anonAttempt.error?.code).toBe('not_admin');
    const user = await sb.createConfirmedUser();
    const session = (await sb.anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).data.session!;
    const res = await fetch(`${sb.url}/auth/v1/admin/users`, { headers: { apikey: sb.publishableKey, authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('not_admin');
  });
});

describe('rotas de apoio', () => {
  it('settings, health e o config do ambiente local', async () => {
    const settings = await (await fetch(`${sb.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: false });
    const health = await fetch(`${sb.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).name).toBe('GoTrue');
    expect(await (await fetch(`${sb.url}/_dev/config.json`)).json()).toEqual({
      url: sb.url,
      publishable_key: sb.publishableKey,
      anon_key: sb.anonKey,
    });
  });

  it('a caixa de entrada em HTML lista os e-mails com os links clicáveis', async () => {
    const email = uniqueEmail('html');
    await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    const mail = await sb.lastMail(email);
    const res = await fetch(sb.inboxUrl);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('Caixa de entrada local');
    expect(html).toContain(`<a href="${mail.links[0]!.replace(/&/g, '&amp;')}">`);
  });
});
