// /functions/v1/<name> through supabase-js `functions.invoke` and plain fetch: the hosted environment and secrets
// through Deno.env, verify_jwt from config.toml, CORS answered by the function, errors, and schedules calling a
// function with the service role key. The functions are test fixtures (tests/fixtures/functions).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { ROOT } from './child-backend.ts';
import { sleep } from './realtime-support.ts';

const FIXTURES = path.join(ROOT, 'tests/fixtures/functions');
let sb: TestBackend;
let user: TestUser;

beforeAll(async () => {
  sb = await startTestBackend({
    functionsDir: FIXTURES,
    configFile: path.join(FIXTURES, 'config.toml'),
    schedulesFile: path.join(FIXTURES, 'schedules.json'),
  });
  user = await sb.createConfirmedUser({ name: 'Função' });
});
afterAll(async () => {
  await sb?.stop();
});

describe('/functions/v1', () => {
  it('gives the function the hosted environment and the secrets of .env, never letting a secret replace SUPABASE_*', async () => {
    // verify_jwt wants a JWT: the legacy anon key is one (the publishable key is not; see the next test).
    const { data, error } = await sb.anonClient().functions.invoke('echo-env', {
      body: { oi: 1 },
      headers: { Authorization: `Bearer ${sb.anonKey}` },
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      url: sb.url,
      anonKey: sb.anonKey,
      serviceRoleKey: sb.serviceRoleKey,
      greeting: 'olá, mundo',
      path: '/echo-env',
      query: null,
      body: { oi: 1 },
    });
  });

  it('refuses the publishable key as the bearer while verify_jwt is on, as the hosted gateway does (it is not a JWT)', async () => {
    const res = await fetch(`${sb.url}/functions/v1/echo-env`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, authorization: `Bearer ${sb.publishableKey}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('passes the sub-path and query to the function as the hosted runtime does', async () => {
    const res = await fetch(`${sb.url}/functions/v1/echo-env/a/b?q=x`, { headers: { authorization: `Bearer ${sb.anonKey}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ path: '/echo-env/a/b', query: 'x' });
  });

  it('refuses a request without a valid JWT when verify_jwt is on (the default)', async () => {
    const none = await fetch(`${sb.url}/functions/v1/echo-env`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const bad = await fetch(`${sb.url}/functions/v1/echo-env`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('lets requests through without a JWT when config.toml sets verify_jwt = false; the function checks its own secret', async () => {
    const ok = await fetch(`${sb.url}/functions/v1/open-hook`, { method: 'POST', headers: { 'x-hook-secret': 'segredo-do-banco' }, body: '{}' });
    expect(ok.status).toBe(202);
    expect(await ok.text()).toBe('recebido');
    const wrong = await fetch(`${sb.url}/functions/v1/open-hook`, { method: 'POST', body: '{}' });
    expect(wrong.status).toBe(403);
  });

  it('lets the function answer the CORS preflight itself, with no header added by the server', async () => {
    const pre = await fetch(`${sb.url}/functions/v1/echo-env`, { method: 'OPTIONS', headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type');
    const hook = await fetch(`${sb.url}/functions/v1/open-hook`, { headers: { 'x-hook-secret': 'segredo-do-banco' } });
    expect(hook.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('runs a function that calls the project back as the signed-in caller', async () => {
    const client = await sb.signedInClient(user.email, user.password);
    const { data, error } = await client.functions.invoke('whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ id: user.id, email: user.email });
  });

  it('answers 404 for an unknown function and 500 when the function throws', async () => {
    const missing = await fetch(`${sb.url}/functions/v1/nao-existe`, { headers: { authorization: `Bearer ${sb.anonKey}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    const broken = await fetch(`${sb.url}/functions/v1/broken`, { headers: { authorization: `Bearer ${sb.anonKey}` } });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ code: 'WORKER_ERROR' });
  });

  it('calls a scheduled function on its schedule, with the service role key', async () => {
    const calls = () => (globalThis as unknown as { __scheduledCalls?: { at: number; authorization: string | null }[] }).__scheduledCalls ?? [];
    const before = calls().length;
    await sleep(2600);
    const after = calls();
    expect(after.length - before).toBeGreaterThanOrEqual(2);
    expect(after.at(-1)!.authorization).toBe(`Bearer ${sb.serviceRoleKey}`);
  });
});
