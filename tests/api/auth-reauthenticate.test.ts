// Reauthentication as GoTrue does it, through supabase-js: `auth.reauthenticate()` mails a signed-in user a one-time
// code (only its hash and the time are kept on the user), and with secure password change on, a password change from a
// session older than 24 hours needs that code as `nonce`.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let secure: TestBackend;
let plain: TestBackend;

beforeAll(async () => {
  [secure, plain] = await Promise.all([
    // E-mail frequency on (one mail of a kind per minute), request limits out of the way.
    startTestBackend({ securePasswordChange: true, rateLimits: { token: 1000, verify: 1000, email: 1000 } }),
    startTestBackend({ securePasswordChange: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([secure?.stop(), plain?.stop()]);
});

async function signedIn(sb: TestBackend): Promise<{ user: TestUser; client: SupabaseClient }> {
  const user = await sb.createConfirmedUser();
  return { user, client: await sb.signedInClient(user.email, user.password) };
}

async function stored(sb: TestBackend, userId: string) {
  const r = await sb.pg.query<{ token: string; sent_at: Date | null; encrypted_password: string }>(
    `select reauthentication_token as token, reauthentication_sent_at as sent_at, encrypted_password from auth.users where id = $1`,
    [userId],
  );
  return r.rows[0]!;
}

/** Makes the user's sessions look as if they were signed in 25 hours ago. */
async function ageSessions(sb: TestBackend, userId: string) {
  await sb.pg.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [userId]);
}

async function codeFromMail(sb: TestBackend, email: string): Promise<string> {
  const mail = await sb.lastMail(email);
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1];
}

async function canSignIn(sb: TestBackend, email: string, password: string): Promise<boolean> {
  const { error } = await sb.anonClient().auth.signInWithPassword({ email, password });
  return error === null;
}

describe('reauthenticate()', () => {
  it('mails the signed-in user a 6-digit code and keeps only its hash and the time on the user', async () => {
    const { user, client } = await signedIn(secure);
    const { data, error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });

    const mails = await secure.inbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Seu código de confirmação do Portal IA');
    expect(mails[0].links).toEqual([]);
    const code = await codeFromMail(secure, user.email);
    expect(mails[0].html).toContain(code);

    const row = await stored(secure, user.id);
    expect(row.token).toBe(createHash('sha224').update(user.email + code).digest('hex'));
    expect(row.token).not.toContain(code);
    expect(row.sent_at).not.toBeNull();
  });

  it('a second request within the mail frequency is 429 over_email_send_rate_limit and sends nothing', async () => {
    const { user, client } = await signedIn(secure);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const before = await stored(secure, user.id);
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await secure.inbox(user.email)).toHaveLength(1);
    expect((await stored(secure, user.id)).token).toBe(before.token);
  });

  it('a new request after the frequency replaces the code: only the newest works', async () => {
    const { user, client } = await signedIn(secure);
    await client.auth.reauthenticate();
    const first = await codeFromMail(secure, user.email);
    await secure.pg.query(`update auth.users set reauthentication_sent_at = now() - interval '61 seconds' where id = $1`, [user.id]);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const second = await codeFromMail(secure, user.email);
    await ageSessions(secure, user.id);
    if (first !== second) {
      const stale = await client.auth.updateUser({ password: 'outra-senha-1', nonce: first });
      expect(stale.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    }
    expect((await client.auth.updateUser({ password: 'outra-senha-1', nonce: second })).error).toBeNull();
  });

  it('needs a signed-in user: without a Bearer token it is 401 no_authorization', async () => {
    const res = await fetch(`${secure.url}/auth/v1/reauthenticate`, { headers: { apikey: secure.publishableKey } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: 'no_authorization' });
    const post = await fetch(`${secure.url}/auth/v1/reauthenticate`, { method: 'POST', headers: { apikey: secure.publishableKey } });
    expect(post.status).toBe(405);
  });

  it('a user whose e-mail is not confirmed gets 422 email_not_confirmed and no mail', async () => {
    const { user, client } = await signedIn(secure);
    await secure.pg.query(`update auth.users set email_confirmed_at = null where id = $1`, [user.id]);
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject({ status: 422, code: 'email_not_confirmed', message: 'Please verify your email first.' });
    expect(await secure.inbox(user.email)).toHaveLength(0);
    expect((await stored(secure, user.id)).sent_at).toBeNull();
  });
});

describe('password change with secure password change on', () => {
  it('a session signed in within 24 hours changes the password without a nonce', async () => {
    const { user, client } = await signedIn(secure);
    expect((await client.auth.updateUser({ password: 'nova-senha-1' })).error).toBeNull();
    expect(await canSignIn(secure, user.email, 'nova-senha-1')).toBe(true);
  });

  it('an older session needs the nonce: missing is 400 reauthentication_needed, wrong is 422, and nothing changes', async () => {
    const { user, client } = await signedIn(secure);
    await ageSessions(secure, user.id);
    const missing = await client.auth.updateUser({ password: 'nova-senha-1' });
    expect(missing.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });
    // No code was ever sent: any nonce is invalid.
    const none = await client.auth.updateUser({ password: 'nova-senha-1', nonce: '123456' });
    expect(none.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });

    await client.auth.reauthenticate();
    const code = await codeFromMail(secure, user.email);
    const wrong = await client.auth.updateUser({ password: 'nova-senha-1', nonce: code === '000000' ? '000001' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    expect(await canSignIn(secure, user.email, user.password)).toBe(true);
    expect(await canSignIn(secure, user.email, 'nova-senha-1')).toBe(false);
  });

  it('the right nonce changes the password once: the code is cleared and cannot be used again', async () => {
    const { user, client } = await signedIn(secure);
    await ageSessions(secure, user.id);
    await client.auth.reauthenticate();
    const code = await codeFromMail(secure, user.email);
    expect((await client.auth.updateUser({ password: 'nova-senha-1', nonce: code })).error).toBeNull();
    expect(await canSignIn(secure, user.email, 'nova-senha-1')).toBe(true);
    expect(await stored(secure, user.id)).toMatchObject({ token: '', sent_at: null });

    const again = await client.auth.updateUser({ password: 'nova-senha-2', nonce: code });
    expect(again.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await canSignIn(secure, user.email, 'nova-senha-1')).toBe(true);
  });

  it('a change refused for another reason leaves the nonce usable', async () => {
    const { user, client } = await signedIn(secure);
    await ageSessions(secure, user.id);
    await client.auth.reauthenticate();
    const code = await codeFromMail(secure, user.email);
    const same = await client.auth.updateUser({ password: user.password, nonce: code });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: '123', nonce: code });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((await client.auth.updateUser({ password: 'nova-senha-1', nonce: code })).error).toBeNull();
  });

  it('an expired code is 422 reauthentication_not_valid', async () => {
    const { user, client } = await signedIn(secure);
    await ageSessions(secure, user.id);
    await client.auth.reauthenticate();
    const code = await codeFromMail(secure, user.email);
    await secure.pg.query(`update auth.users set reauthentication_sent_at = now() - interval '2 days' where id = $1`, [user.id]);
    const { error } = await client.auth.updateUser({ password: 'nova-senha-1', nonce: code });
    expect(error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    expect(await canSignIn(secure, user.email, user.password)).toBe(true);
  });

  it('changing only the metadata needs no nonce', async () => {
    const { user, client } = await signedIn(secure);
    await ageSessions(secure, user.id);
    const { data, error } = await client.auth.updateUser({ data: { full_name: 'Outro Nome' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Outro Nome');
  });
});

describe('password change with secure password change off', () => {
  it('even an old session changes the password without a nonce, and reauthenticate() still mails a code', async () => {
    const { user, client } = await signedIn(plain);
    await ageSessions(plain, user.id);
    expect((await client.auth.updateUser({ password: 'nova-senha-1' })).error).toBeNull();
    expect(await canSignIn(plain, user.email, 'nova-senha-1')).toBe(true);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    expect(await codeFromMail(plain, user.email)).toMatch(/^\d{6}$/);
  });

  it('reads the switch from [auth.email] secure_password_change of config.toml', async () => {
    const { readProjectConfig } = await import('../../local-supabase/project-config.ts');
    expect(readProjectConfig('supabase/config.toml').securePasswordChange).toBe(false);
    expect(readProjectConfig(null).securePasswordChange).toBe(false);
  });
});
