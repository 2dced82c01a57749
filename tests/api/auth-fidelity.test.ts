// The GoTrue features local-supabase does not offer answer, through supabase-js, exactly what GoTrue answers when the
// feature is switched off (status, error code and message), and change nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let user: TestUser;
let signedIn: SupabaseClient;

beforeAll(async () => {
  sb = await startTestBackend();
  user = await sb.createConfirmedUser();
  signedIn = await sb.signedInClient(user.email, user.password);
});
afterAll(async () => {
  await sb?.stop();
});

async function userCount(): Promise<number> {
  const { data, error } = await sb.serviceClient().auth.admin.listUsers({ perPage: 1000 });
  expect(error).toBeNull();
  return data.users.length;
}

function expectAuthError(error: unknown, status: number, code: string, message: string) {
  expect(error).toMatchObject({ status, code, message });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sb.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('sign-in methods that are off', () => {
  it('anonymous sign-in is 422 anonymous_provider_disabled and creates no user', async () => {
    const before = await userCount();
    const { data, error } = await sb.anonClient().auth.signInAnonymously();
    expectAuthError(error, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    expect(data.session).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it('phone sign-up is 400 phone_provider_disabled "Phone signups are disabled"', async () => {
    const before = await userCount();
    const { error } = await sb.anonClient().auth.signUp({ phone: '+5511999990000', password: 'senha-forte-1' });
    expectAuthError(error, 400, 'phone_provider_disabled', 'Phone signups are disabled');
    expect(await userCount()).toBe(before);
  });

  it('an SMS one-time code is 400 phone_provider_disabled "Unsupported phone provider"', async () => {
    const { error } = await sb.anonClient().auth.signInWithOtp({ phone: '+5511999990000' });
    expectAuthError(error, 400, 'phone_provider_disabled', 'Unsupported phone provider');
  });

  it('a magic link or e-mail one-time code is 400 email_provider_disabled and sends no mail', async () => {
    const { error } = await sb.anonClient().auth.signInWithOtp({ email: user.email });
    expectAuthError(error, 400, 'email_provider_disabled', 'Email logins are disabled');
    const magic = await post('/magiclink', { email: user.email });
    expect(magic.status).toBe(400);
    expect(magic.body.error_code).toBe('email_provider_disabled');
    expect(await sb.inbox(user.email)).toHaveLength(0);
  });

  it('/otp checks its body first: neither address nor phone, or both, is 400 validation_failed', async () => {
    const none = await post('/otp', {});
    expect(none).toMatchObject({ status: 400, body: { error_code: 'validation_failed', msg: 'One of email or phone must be set' } });
    const both = await post('/otp', { email: user.email, phone: '+5511999990000' });
    expect(both.body.msg).toBe('Only an email address or phone number should be provided');
  });

  it('OAuth /authorize is 400 validation_failed: a known provider is "not enabled", an unknown one "could not be found"', async () => {
    const { data, error } = await sb.anonClient().auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const res = await fetch(data.url!, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });

    const unknown = await fetch(`${sb.url}/auth/v1/authorize?provider=MySpace`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).msg).toBe('Unsupported provider: Provider myspace could not be found');
  });

  it('sign-in with an OIDC id_token is 400 provider_disabled naming the issuer', async () => {
    const { error } = await sb.anonClient().auth.signInWithIdToken({ provider: 'google', token: 'eyJ.fake.token' });
    expectAuthError(error, 400, 'provider_disabled', 'Provider (issuer "https://accounts.google.com") is not enabled');
  });

  it('the PKCE code exchange finds no flow state (404 flow_state_not_found); empty parameters are 400', async () => {
    const res = await post('/token?grant_type=pkce', { auth_code: randomUUID(), code_verifier: 'v'.repeat(43) });
    expect(res).toMatchObject({ status: 404, body: { error_code: 'flow_state_not_found', msg: 'invalid flow state, no valid flow state found' } });
    const empty = await post('/token?grant_type=pkce', { auth_code: '', code_verifier: '' });
    expect(empty).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
  });

  it('an unknown grant type is 400 invalid_credentials "unsupported_grant_type"', async () => {
    const res = await post('/token?grant_type=client_credentials', {});
    expect(res).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials', msg: 'unsupported_grant_type' } });
  });

  it('SAML single sign-on is 404 saml_provider_disabled "SAML 2.0 is disabled"', async () => {
    const { error } = await sb.anonClient().auth.signInWithSSO({ domain: 'exemplo.com.br' });
    expectAuthError(error, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  });
});

describe('features of a signed-in user that are off', () => {
  it('enrolling an MFA factor is 422 "MFA enroll is disabled for …" per type', async () => {
    const totp = await signedIn.auth.mfa.enroll({ factorType: 'totp' });
    expectAuthError(totp.error, 422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const phone = await signedIn.auth.mfa.enroll({ factorType: 'phone', phone: '+5511999990000' });
    expectAuthError(phone.error, 422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    const factors = await signedIn.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([]);
  });

  it('challenging or removing a factor is 404 mfa_factor_not_found, since none can exist', async () => {
    const factorId = randomUUID();
    const challenge = await signedIn.auth.mfa.challenge({ factorId });
    expectAuthError(challenge.error, 404, 'mfa_factor_not_found', 'Factor not found');
    const unenroll = await signedIn.auth.mfa.unenroll({ factorId });
    expectAuthError(unenroll.error, 404, 'mfa_factor_not_found', 'Factor not found');
  });

  it('MFA and identity linking still require a signed-in user first (401 no_authorization)', async () => {
    const res = await post('/factors', { factor_type: 'totp' });
    expect(res).toMatchObject({ status: 401, body: { error_code: 'no_authorization' } });
  });

  it('linking another identity is 404 manual_linking_disabled "Manual linking is disabled"', async () => {
    const { error } = await signedIn.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expectAuthError(error, 404, 'manual_linking_disabled', 'Manual linking is disabled');
  });
});
