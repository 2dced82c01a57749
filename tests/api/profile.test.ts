// 'Meu Perfil' against the local Supabase: a user writes their own profile only, the table refuses a blank or long
// name and a non-https avatar, a password change ends the account's other sessions, and a sign-up link that already
// confirmed its account is recognised by confirmation_link_state (as anon) from its hash and key, while an unused or
// random link, or the hash alone, is not.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let sb: TestBackend;

beforeAll(async () => {
  sb = await startTestBackend();
});
afterAll(async () => {
  await sb?.stop();
});

describe('profiles: the owner writes their row; the table checks name and avatar', () => {
  it('a user updates their own name and avatar, and reads them back', async () => {
    const me = await sb.createConfirmedUser({ name: 'Ana Antiga' });
    const client = await sb.signedInClient(me.email, me.password);
    const { data, error } = await client
      .from('profiles')
      .update({ full_name: 'Ana Nova', avatar_url: 'https://img.exemplo.com.br/ana.png' })
      .eq('id', me.id)
      .select('full_name, avatar_url')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ full_name: 'Ana Nova', avatar_url: 'https://img.exemplo.com.br/ana.png' });
  });

  it("a user's update of another user's profile changes nothing", async () => {
    const me = await sb.createConfirmedUser({ name: 'Bia' });
    const other = await sb.createConfirmedUser({ name: 'Caio Intocado' });
    const client = await sb.signedInClient(me.email, me.password);
    const { data, error } = await client.from('profiles').update({ full_name: 'Invadido' }).eq('id', other.id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: row } = await sb.serviceClient().from('profiles').select('full_name').eq('id', other.id).single();
    expect(row?.full_name).toBe('Caio Intocado');
  });

  it('a user cannot change the e-mail shown in their profile (no column right)', async () => {
    const me = await sb.createConfirmedUser();
    const client = await sb.signedInClient(me.email, me.password);
    const { error } = await client.from('profiles').update({ email: 'outro@exemplo.com.br' }).eq('id', me.id);
    expect(error?.code).toBe('42501');
  });

  it.each([
    ['a name with surrounding spaces', ' Ana ', 'Ana'],
    ['a name starting with a no-break space', '\u00a0Ana', 'Ana'],
    ['an empty name', '', null],
    ['a name of white space only', '\u3000', null],
  ])('the table stores %s trimmed (blank: no name)', async (_label, full_name, stored) => {
    const me = await sb.createConfirmedUser({ name: 'Dora Firme' });
    const client = await sb.signedInClient(me.email, me.password);
    const { error } = await client.from('profiles').update({ full_name }).eq('id', me.id);
    expect(error).toBeNull();
    const { data: row } = await sb.serviceClient().from('profiles').select('full_name').eq('id', me.id).single();
    expect(row).toEqual({ full_name: stored });
  });

  it.each([
    ['a name of 121 characters', { full_name: 'a'.repeat(121) }],
    ['an http avatar', { avatar_url: 'http://img.exemplo.com.br/a.png' }],
    ['a javascript: avatar', { avatar_url: 'javascript:alert(1)' }],
    ['an avatar with a space', { avatar_url: 'https://img.exemplo.com.br/a b.png' }],
  ])('the table refuses %s with 23514 and keeps the row', async (_label, patch) => {
    const me = await sb.createConfirmedUser({ name: 'Dora Firme' });
    const client = await sb.signedInClient(me.email, me.password);
    const { error } = await client.from('profiles').update(patch).eq('id', me.id);
    expect(error?.code).toBe('23514');
    const { data: row } = await sb.serviceClient().from('profiles').select('full_name, avatar_url').eq('id', me.id).single();
    expect(row).toEqual({ full_name: 'Dora Firme', avatar_url: null });
  });

  it('a name of exactly 120 characters and no avatar are accepted', async () => {
    const me = await sb.createConfirmedUser();
    const client = await sb.signedInClient(me.email, me.password);
    const { error } = await client.from('profiles').update({ full_name: 'é'.repeat(120), avatar_url: null }).eq('id', me.id);
    expect(error).toBeNull();
  });

  it('user_metadata the auth server accepts is mirrored cut to fit: long name to 120, non-https avatar dropped', async () => {
    const me = await sb.createConfirmedUser();
    const client = await sb.signedInClient(me.email, me.password);
    const { error } = await client.auth.updateUser({ data: { full_name: `  ${'x'.repeat(200)}`, avatar_url: 'http://a.b/c.png' } });
    expect(error).toBeNull();
    const { data: row } = await sb.serviceClient().from('profiles').select('full_name, avatar_url').eq('id', me.id).single();
    expect(row).toEqual({ full_name: 'x'.repeat(120), avatar_url: null });
  });
});

describe('password change: the other sessions of the account end', () => {
  it("after a password change the second session's refresh token is refused and the changing session keeps working", async () => {
    const me = await sb.createConfirmedUser({ password: 'senha-antiga-1' });
    const changer = await sb.signedInClient(me.email, me.password);
    const other = sb.anonClient();
    const { data: otherLogin, error: loginError } = await other.auth.signInWithPassword({ email: me.email, password: me.password });
    expect(loginError).toBeNull();
    const otherRefresh = otherLogin.session!.refresh_token;

    const { error } = await changer.auth.updateUser({ password: 'senha-nova-2' });
    expect(error).toBeNull();

    const refreshed = await sb.anonClient().auth.refreshSession({ refresh_token: otherRefresh });
    expect(refreshed.error?.status).toBe(400);
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    expect((await changer.auth.refreshSession()).error).toBeNull();
    expect((await sb.anonClient().auth.signInWithPassword({ email: me.email, password: 'senha-antiga-1' })).error?.code).toBe('invalid_credentials');
    expect((await sb.anonClient().auth.signInWithPassword({ email: me.email, password: 'senha-nova-2' })).error).toBeNull();
  });
});

describe('confirmation_link_state: whether a sign-up link already confirmed its account', () => {
  async function signUpLink(): Promise<{ email: string; tokenHash: string; key: string }> {
    const email = uniqueEmail('link');
    const { error } = await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1', options: { data: { confirmation_key: 'escolhida-pelo-navegador' } } });
    expect(error).toBeNull();
    const link = new URL((await sb.lastMail(email)).links[0]!);
    return { email, tokenHash: link.searchParams.get('token_hash')!, key: link.searchParams.get('key') ?? '' };
  }
  const state = async (tokenHash: string, key: string) => sb.anonClient().rpc('confirmation_link_state', { token_hash: tokenHash, link_key: key });

  it('the link carries a random key the database chose (not the one the sign-up sent), and the key is the account\'s', async () => {
    const { email, key } = await signUpLink();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const stored = await sb.pg.query<{ key: string }>(`select raw_user_meta_data ->> 'confirmation_key' as key from auth.users where email = $1`, [email]);
    expect(stored.rows[0]!.key).toBe(key);
  });

  it('knowing the address and looping over the 6-digit codes tells nothing: the hash without the link\'s key never answers true', async () => {
    const { tokenHash, key } = await signUpLink();
    expect((await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    // The link's hash is what an attacker computes (sha224 of the e-mail and the right code); without the key: no.
    for (const wrong of ['', 'escolhida-pelo-navegador', key.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]) {
      expect(await state(tokenHash, wrong)).toMatchObject({ data: false, error: null });
    }
    const hashOnly = await sb.anonClient().rpc('confirmation_link_state' as never, { token_hash: tokenHash } as never);
    expect(hashOnly.data).not.toBe(true);
    expect(await state(tokenHash, key)).toMatchObject({ data: true, error: null });
  });

  it('the pending link hash is kept in auth.users.confirmation_token and cleared on confirmation, as GoTrue does', async () => {
    const { email, tokenHash } = await signUpLink();
    const before = await sb.pg.query<{ confirmation_token: string }>(`select confirmation_token from auth.users where email = $1`, [email]);
    expect(before.rows[0]!.confirmation_token).toBe(tokenHash);
    expect((await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    const after = await sb.pg.query<{ confirmation_token: string }>(`select confirmation_token from auth.users where email = $1`, [email]);
    expect(after.rows[0]!.confirmation_token).toBe('');
  });

  it('a used link answers true to anon, and its second verify is still otp_expired', async () => {
    const { tokenHash, key } = await signUpLink();
    expect((await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    const again = await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');
    const { data, error } = await state(tokenHash, key);
    expect(error).toBeNull();
    expect(data).toBe(true);
  });

  it('an unused link answers false', async () => {
    const { tokenHash, key } = await signUpLink();
    expect(await state(tokenHash, key)).toMatchObject({ data: false, error: null });
  });

  it('a random hash answers false', async () => {
    const random = createHash('sha224').update(randomBytes(16)).digest('hex');
    expect(await state(random, random)).toMatchObject({ data: false, error: null });
    expect(await state('', '')).toMatchObject({ data: false, error: null });
  });

  it('the table behind it is not readable through the API', async () => {
    const { error } = await sb.anonClient().schema('private' as 'public').from('used_confirmation_links').select('*');
    expect(error).not.toBeNull();
  });
});
