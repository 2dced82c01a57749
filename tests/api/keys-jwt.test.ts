// The project's keys as a new hosted project has them: opaque publishable and secret API keys (mapped by the gateway to
// the anon and service_role roles), the legacy JWT keys still accepted, user sessions signed with an asymmetric key
// published in the JWKS, and one verifier for Auth, REST and Storage (rotation, unknown keys, `alg: none`).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, SignJWT } from 'jose';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEs256Jwk, type SigningJwk } from '../../local-supabase/keys/signing-keys.ts';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { clientOptions, startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

const newRs256Jwk = (): SigningJwk => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kty: 'RSA', kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg: 'RS256', ext: true, ...(privateKey.export({ format: 'jwk' }) as object) };
};

/** Signs claims with a private JWK (`kid` and `alg` in the header), as a previous or a foreign key would have. */
async function signWith(jwk: SigningJwk, claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  const { key_ops: _o, use: _u, ext: _e, ...material } = jwk;
  void _o;
  void _u;
  void _e;
  const key = await importJWK(material, jwk.alg);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: jwk.alg!, kid: jwk.kid, typ: 'JWT', ...header })
    .sign(key);
}

const userClaims = (user: TestUser) => ({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email });

/** A client whose every request carries `token` (REST and Storage); its auth API calls `getUser(token)`. */
const withToken = (sb: TestBackend, token: string) =>
  createClient(sb.url, sb.publishableKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });

async function restWith(sb: TestBackend, token: string) {
  const res = await fetch(`${sb.url}/rest/v1/profiles?select=id`, { headers: { apikey: sb.publishableKey, authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}
async function storageWith(sb: TestBackend, token: string) {
  const res = await fetch(`${sb.url}/storage/v1/object/list/project-documents`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: '' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function userWith(sb: TestBackend, token: string) {
  const res = await fetch(`${sb.url}/auth/v1/user`, { headers: { apikey: sb.publishableKey, authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let sb: TestBackend;
let user: TestUser;
beforeAll(async () => {
  sb = await startTestBackend();
  user = await sb.createConfirmedUser();
});
afterAll(async () => {
  await sb?.stop();
});

describe('API keys', () => {
  it('a publishable key e uma secret key no formato do Supabase, estáveis para o mesmo segredo', () => {
    expect(sb.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(sb.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
  });

  it('com a publishable key, supabase-js age como anon: entra, lê sob a RLS, e o visitante não lê tabelas privadas', async () => {
    const visitor = createClient(sb.url, sb.publishableKey, clientOptions);
    const denied = await visitor.from('projects').select('id');
    expect(denied.error).toMatchObject({ code: '42501' });
    const signedIn = createClient(sb.url, sb.publishableKey, clientOptions);
    expect((await signedIn.auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    const own = await signedIn.from('profiles').select('id');
    expect(own.error).toBeNull();
    expect(own.data!.map((p) => p.id)).toContain(user.id);
  });

  it('com a secret key, supabase-js age como service_role: API de administração, REST sem RLS e buckets', async () => {
    const server = createClient(sb.url, sb.secretKey, clientOptions);
    const users = await server.auth.admin.listUsers();
    expect(users.error).toBeNull();
    expect(users.data.users.map((u) => u.id)).toContain(user.id);
    const profiles = await server.from('profiles').select('id');
    expect(profiles.error).toBeNull();
    expect(profiles.data!.length).toBeGreaterThan(1);
    const buckets = await server.storage.listBuckets();
    expect(buckets.error).toBeNull();
    expect(buckets.data!.map((b) => b.id)).toContain('project-documents');
  });

  it('a publishable key não abre a API de administração', async () => {
    const visitor = createClient(sb.url, sb.publishableKey, clientOptions);
    const { error } = await visitor.auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('as chaves JWT legadas (anon e service_role) continuam aceitas', async () => {
    expect((await createClient(sb.url, sb.anonKey, clientOptions).from('projects').select('id')).error).toMatchObject({ code: '42501' });
    expect((await createClient(sb.url, sb.serviceRoleKey, clientOptions).auth.admin.listUsers()).error).toBeNull();
  });

  it('uma chave sb_ desconhecida é recusada pelo gateway em Auth, REST e Storage', async () => {
    const fake = 'sb_publishable_AAAAAAAAAAAAAAAAAAAAAA_AAAAAAAA';
    for (const route of ['/auth/v1/user', '/rest/v1/profiles', '/storage/v1/bucket']) {
      const res = await fetch(`${sb.url}${route}`, { headers: { apikey: fake, authorization: `Bearer ${fake}` } });
      expect(res.status, route).toBe(401);
      expect(await res.json(), route).toMatchObject({ message: 'Invalid API key' });
    }
  });

  it('a secret key vinda de um navegador é recusada; a publishable key no navegador funciona', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    const secret = await fetch(`${sb.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: sb.secretKey, authorization: `Bearer ${sb.secretKey}`, 'user-agent': browser },
    });
    expect(secret.status).toBe(401);
    expect(await secret.json()).toMatchObject({ message: 'Forbidden use of secret API key in browser' });
    const pub = await fetch(`${sb.url}/auth/v1/settings`, { headers: { apikey: sb.publishableKey, 'user-agent': browser } });
    expect(pub.status).toBe(200);
  });

  it('/_dev/config.json mostra a publishable key e a anon key legada, nunca a secret key', async () => {
    const config = await (await fetch(`${sb.url}/_dev/config.json`)).json();
    expect(config).toEqual({ url: sb.url, publishable_key: sb.publishableKey, anon_key: sb.anonKey });
    expect(JSON.stringify(config)).not.toContain(sb.secretKey);
  });
});

describe('sessões com chave de assinatura assimétrica (supabase/config.toml)', () => {
  let client: SupabaseClient;
  let token: string;
  beforeAll(async () => {
    client = await sb.signedInClient(user.email, user.password);
    token = (await client.auth.getSession()).data.session!.access_token;
  });

  it('o access token é ES256 com o kid da chave publicada no JWKS, e o JWKS verifica a assinatura', async () => {
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const jwks = await (await fetch(`${sb.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: header.kid, use: 'sig', key_ops: ['verify'] });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ sub: user.id, role: 'authenticated', iss: `${sb.url}/auth/v1` });
  });

  it('getClaims() verifica o token localmente pelo JWKS, sem perguntar ao /user', async () => {
    const calls: string[] = [];
    const watched = createClient(sb.url, sb.publishableKey, {
      ...clientOptions,
      global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => (calls.push(String(input)), fetch(input, init)) },
    });
    const { data, error } = await watched.auth.getClaims(token);
    expect(error).toBeNull();
    expect(data!.claims).toMatchObject({ sub: user.id, email: user.email });
    expect(calls.some((u) => u.endsWith('/auth/v1/.well-known/jwks.json'))).toBe(true);
    expect(calls.some((u) => u.includes('/auth/v1/user'))).toBe(false);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: randomUUID() })).toString('base64url')}.${s}`;
    const bad = await watched.auth.getClaims(tampered);
    expect(bad.error?.message).toBe('Invalid JWT signature');
  });

  it('um token assinado com o segredo legado (HS256, sem kid) continua verificado em Auth, REST e Storage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({ ...userClaims(user), iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(sb.jwtSecret));
    expect((await userWith(sb, legacy)).status).toBe(200);
    expect(await restWith(sb, legacy)).toMatchObject({ status: 200, body: expect.arrayContaining([{ id: user.id }]) });
    expect((await storageWith(sb, legacy)).status).toBe(200);
  });

  it('um token de chave desconhecida é recusado em Auth, REST e Storage com o erro de cada serviço', async () => {
    const foreign = await signWith(newEs256Jwk(), userClaims(user));
    const auth = await userWith(sb, foreign);
    expect(auth.status).toBe(403);
    expect(auth.body).toMatchObject({ code: 'bad_jwt' });
    expect(auth.body.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    expect(await restWith(sb, foreign)).toEqual({
      status: 401,
      body: { code: 'PGRST301', message: 'No suitable key or wrong key type', details: null, hint: null },
    });
    const storage = await storageWith(sb, foreign);
    expect(storage.status).toBe(400);
    expect(storage.body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    // The same claims with the kid of the project's own key but another key's signature: a forged signature.
    const kid = (sb.keys.jwks().keys[0] as { kid: string }).kid;
    const forged = await signWith({ ...newEs256Jwk(), kid }, userClaims(user));
    expect((await restWith(sb, forged)).status).toBe(401);
    expect((await userWith(sb, forged)).body).toMatchObject({ code: 'bad_jwt', message: 'invalid JWT: unable to parse or verify signature, signature is invalid' });
    expect((await storageWith(sb, forged)).body).toMatchObject({ statusCode: '403', message: 'signature verification failed' });
  });

  it('alg none é recusado em Auth, REST e Storage', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    for (const role of ['authenticated', 'service_role']) {
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...userClaims(user), role, iat: now, exp: now + 600 })}.`;
      const auth = await userWith(sb, none);
      expect(auth.status).toBe(403);
      expect(auth.body).toMatchObject({ code: 'bad_jwt', message: 'invalid JWT: unable to parse or verify signature, token is unverifiable: signing method none is invalid' });
      expect(await restWith(sb, none)).toEqual({
        status: 401,
        body: { code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm', details: null, hint: null },
      });
      expect((await storageWith(sb, none)).body).toMatchObject({
        statusCode: '403',
        message: '"alg" (Algorithm) Header Parameter value not allowed',
      });
    }
    const admin = await fetch(`${sb.url}/auth/v1/admin/users`, {
      headers: { apikey: sb.publishableKey, authorization: `Bearer ${b64({ alg: 'none' })}.${b64({ role: 'service_role' })}.` },
    });
    expect(admin.status).toBe(403);
  });
});

describe('rotação: a chave anterior continua verificando enquanto está no conjunto', () => {
  const previous = newEs256Jwk();
  const current = newRs256Jwk();
  let rotated: TestBackend;
  let person: TestUser;
  beforeAll(async () => {
    rotated = await startTestBackend({ signingKeys: [current, previous] });
    person = await rotated.createConfirmedUser();
  }, 60_000);
  afterAll(async () => {
    await rotated?.stop();
  });

  it('novas sessões são assinadas com a primeira chave (RS256), e o JWKS publica as duas chaves públicas', async () => {
    const client = await rotated.signedInClient(person.email, person.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: current.kid });
    const jwks = await (await fetch(`${rotated.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.map((k: { kid: string; alg: string }) => [k.kid, k.alg])).toEqual([
      [current.kid, 'RS256'],
      [previous.kid, 'ES256'],
    ]);
    for (const k of jwks.keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(secret);
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.header).toMatchObject({ alg: 'RS256', kid: current.kid });
  });

  it('um token assinado pela chave anterior é aceito em Auth, REST, Storage e por getClaims()', async () => {
    const old = await signWith(previous, userClaims(person));
    expect((await userWith(rotated, old)).body).toMatchObject({ id: person.id });
    expect(await restWith(rotated, old)).toMatchObject({ status: 200, body: expect.arrayContaining([{ id: person.id }]) });
    expect((await storageWith(rotated, old)).status).toBe(200);
    const { data, error } = await withToken(rotated, old).auth.getClaims(old);
    expect(error).toBeNull();
    expect(data!.claims.sub).toBe(person.id);
  });

  it('retirada do conjunto, a chave anterior deixa de valer', async () => {
    const retired = await startTestBackend({ signingKeys: [current] });
    try {
      const old = await signWith(previous, { ...userClaims(person), sub: randomUUID() });
      expect((await restWith(retired, old)).body).toMatchObject({ code: 'PGRST301', message: 'No suitable key or wrong key type' });
      expect((await userWith(retired, old)).status).toBe(403);
    } finally {
      await retired.stop();
    }
  }, 60_000);
});

describe('sem chaves de assinatura (HS256 com o segredo legado)', () => {
  it('as sessões são HS256, o JWKS é vazio e getClaims() confirma o token pelo /user', async () => {
    const plain = await startTestBackend({ signingKeys: null });
    try {
      const person = await plain.createConfirmedUser();
      const client = await plain.signedInClient(person.email, person.password);
      const token = (await client.auth.getSession()).data.session!.access_token;
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(await (await fetch(`${plain.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
      const { data, error } = await client.auth.getClaims();
      expect(error).toBeNull();
      expect(data!.claims.sub).toBe(person.id);
    } finally {
      await plain.stop();
    }
  }, 60_000);
});

describe('o arquivo de chaves de [auth] signing_keys_path', () => {
  it('é criado na primeira execução com uma chave ES256 privada (modo 0600) e reaproveitado depois', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-keys-'));
    try {
      const config = path.join(dir, 'supabase', 'config.toml');
      fs.mkdirSync(path.dirname(config));
      fs.writeFileSync(config, '[auth]\nsigning_keys_path = "../keys/signing_keys.json"\n');
      const first = await startTestBackend({ configFile: config, migrationsDir: null, seedFile: null });
      const kid = (first.keys.jwks().keys[0] as { kid: string }).kid;
      await first.stop();
      const file = path.join(dir, 'keys', 'signing_keys.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(saved).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid, d: expect.any(String) })]);
      const again = await startTestBackend({ configFile: config, migrationsDir: null, seedFile: null });
      expect((again.keys.jwks().keys[0] as { kid: string }).kid).toBe(kid);
      await again.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
