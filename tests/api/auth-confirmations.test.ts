// GoTrue's `[auth.email] enable_confirmations` (mailer autoconfirm when off) and the admin user list's paging rules,
// through supabase-js.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let autoconfirm: TestBackend;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'local-supabase-config-'));
  const configFile = join(tmp, 'config.toml');
  writeFileSync(configFile, '[auth]\nsite_url = "http://localhost:4321"\n\n[auth.email]\n# sign-ups need no mail\nenable_confirmations = false\n');
  autoconfirm = await startTestBackend({ configFile });
});
afterAll(async () => {
  await autoconfirm?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('enable_confirmations = false in config.toml: sign-up is confirmed at once, as GoTrue with mailer autoconfirm', () => {
  it('signUp answers a session and a confirmed user, sends no mail, and the session is valid', async () => {
    const email = uniqueEmail('auto');
    const client = autoconfirm.anonClient();
    const { data, error } = await client.auth.signUp({ email, password: 'senha-forte-1', options: { data: { full_name: 'Ana Auto' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ana Auto', email_verified: true });
    expect(await autoconfirm.inbox(email)).toHaveLength(0);

    const me = await client.auth.getUser(data.session!.access_token);
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(data.user!.id);
    const again = await autoconfirm.anonClient().auth.signInWithPassword({ email, password: 'senha-forte-1' });
    expect(again.error).toBeNull();
  });

  it('signUp with an address that already has an account answers 422 user_already_exists and changes nothing', async () => {
    const email = uniqueEmail('dup');
    const first = await autoconfirm.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    expect(first.error).toBeNull();
    const { data, error } = await autoconfirm.anonClient().auth.signUp({ email, password: 'outra-senha-2' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
    expect(data.session).toBeNull();
    const old = await autoconfirm.anonClient().auth.signInWithPassword({ email, password: 'senha-forte-1' });
    expect(old.error).toBeNull();
  });

  it('GET /settings reports mailer_autoconfirm: true', async () => {
    const settings = await (await fetch(`${autoconfirm.url}/auth/v1/settings`)).json();
    expect(settings.mailer_autoconfirm).toBe(true);
  });
});

describe('enableConfirmations option: overrides config.toml', () => {
  it('enableConfirmations: true with a config that turns them off still asks for the confirmation mail', async () => {
    const sb = await startTestBackend({ configFile: join(tmp, 'config.toml'), enableConfirmations: true });
    try {
      const email = uniqueEmail('confirma');
      const { data, error } = await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email_confirmed_at).toBeUndefined();
      expect(await sb.inbox(email)).toHaveLength(1);
      const signIn = await sb.anonClient().auth.signInWithPassword({ email, password: 'senha-forte-1' });
      expect(signIn.error?.code).toBe('email_not_confirmed');
    } finally {
      await sb.stop();
    }
  });
});

describe("admin listUsers: invalid paging answers GoTrue's 400 validation_failed", () => {
  const cases: { name: string; query: string; message: string }[] = [
    { name: 'a negative page', query: 'page=-1', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax' },
    { name: 'page 0', query: 'page=0', message: 'Bad Pagination Parameters: page must be greater than 0' },
    { name: 'a page that is not a number', query: 'page=abc', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax' },
    { name: 'a page beyond 2^31-1', query: 'page=2147483648', message: 'Bad Pagination Parameters: page exceeds maximum allowed value' },
    { name: 'a page beyond 2^64-1', query: 'page=18446744073709551616', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "18446744073709551616": value out of range' },
    { name: 'per_page 0', query: 'per_page=0', message: 'Bad Pagination Parameters: per_page must be greater than 0' },
    { name: 'per_page over 1000', query: 'per_page=1001', message: 'Bad Pagination Parameters: per_page must not exceed 1000' },
    { name: 'a fractional per_page', query: 'per_page=2.5', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "2.5": invalid syntax' },
  ];

  it('listUsers({ page: -1 }) is refused with the message GoTrue gives', async () => {
    const { data, error } = await autoconfirm.serviceClient().auth.admin.listUsers({ page: -1 });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax');
    expect(data.users).toEqual([]);
  });

  it('listUsers({ perPage: 0 }) and listUsers({ page: 0 }) are refused', async () => {
    const admin = autoconfirm.serviceClient().auth.admin;
    expect((await admin.listUsers({ page: 1, perPage: 0 })).error?.message).toBe(
      'Bad Pagination Parameters: per_page must be greater than 0',
    );
    expect((await admin.listUsers({ page: 0 })).error?.message).toBe('Bad Pagination Parameters: page must be greater than 0');
  });

  it.each(cases)('$name ($query)', async ({ query, message }) => {
    const res = await fetch(`${autoconfirm.url}/auth/v1/admin/users?${query}`, {
      headers: { apikey: autoconfirm.secretKey, authorization: `Bearer ${autoconfirm.secretKey}` },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message });
  });

  it('valid paging (per_page 1000, an empty page beyond the last) still answers users and the total', async () => {
    const admin = autoconfirm.serviceClient().auth.admin;
    const all = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(all.error).toBeNull();
    expect(all.data.users.length).toBeGreaterThan(0);
    const beyond = await admin.listUsers({ page: 100000, perPage: 50 });
    expect(beyond.error).toBeNull();
    expect(beyond.data.users).toEqual([]);
  });
});
