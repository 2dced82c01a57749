// The local Supabase is as hard to abuse as GoTrue behind Supabase's gateway: rate limits with GoTrue's defaults,
// JWT checks, hostile bodies, CORS, API keys, and no secret in any log line.
import http from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

const logs: string[] = [];
let sb: TestBackend; // rate limits on (GoTrue's defaults), request log captured
let limited: TestBackend; // a fresh one, only for exhausting the request buckets

beforeAll(async () => {
  // No project migrations needed: these tests exercise auth and HTTP only.
  sb = await startTestBackend({ migrationsDir: null, seedFile: null, rateLimits: true, quiet: false, logger: (l) => logs.push(l) });
  limited = await startTestBackend({ migrationsDir: null, seedFile: null, rateLimits: true });
});
afterAll(async () => {
  await sb?.stop();
  await limited?.stop();
});

const post = (base: TestBackend, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base.url}${path}`, {
    method: 'POST',
    headers: { apikey: base.publishableKey, 'content-type': 'application/json', ...headers },
    body,
  });

describe('limite de envio de e-mails (60 s por endereço)', () => {
  it('um segundo e-mail de confirmação para o mesmo endereço em 60 s: 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('freq');
    const client = sb.anonClient();
    expect((await client.auth.signUp({ email, password: 'senha-forte-1' })).error).toBeNull();
    const again = await client.auth.resend({ type: 'signup', email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/only request this after \d+ seconds/);
    expect(await sb.inbox(email)).toHaveLength(1);
  });

  it('recover repetido responde igual para e-mail existente e desconhecido (sem enumeração)', async () => {
    const known = await sb.createConfirmedUser();
    const unknown = uniqueEmail('ninguem');
    for (const email of [known.email, unknown]) {
      expect((await sb.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
      const second = await sb.anonClient().auth.resetPasswordForEmail(email);
      expect(second.error?.code).toBe('over_email_send_rate_limit');
    }
    expect(await sb.inbox(known.email)).toHaveLength(1);
    expect(await sb.inbox(unknown)).toHaveLength(0);
  });
});

describe('JWT em /user', () => {
  const user = async () => {
    const u = await sb.createConfirmedUser();
    const { data } = await sb.anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    return { u, session: data.session! };
  };
  const getUser = (token?: string) =>
    fetch(`${sb.url}/auth/v1/user`, { headers: { apikey: sb.publishableKey, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it('sem bearer: 401 no_authorization', async () => {
    const res = await getUser();
    expect(res.status).toBe(401);
    expect(res.headers.get('x-sb-error-code')).toBe('no_authorization');
  });

  it('assinatura forjada, token expirado e alg none: 403 bad_jwt', async () => {
    const { u, session } = await user();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString('utf8'));
    const forged = await new SignJWT({ ...claims, app_metadata: { role: 'admin' } })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('outro-segredo-qualquer-com-32-caracteres'));
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(sb.jwtSecret));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [forged, expired, none, 'nao-e-um-jwt']) {
      const res = await getUser(token);
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body.code).toBe('bad_jwt');
      expect(body.error_code).toBe('bad_jwt');
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    }
    expect((await getUser(session.access_token)).status).toBe(200);
    void u;
  });

  it('a chave anon não é um usuário: 403 bad_jwt', async () => {
    const res = await getUser(sb.publishableKey);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('bad_jwt');
  });
});

describe('entradas hostis', () => {
  it('JSON malformado: 400 bad_json no formato do GoTrue, nada gravado, servidor segue de pé', async () => {
    const email = uniqueEmail('malformado');
    const res = await post(sb, '/auth/v1/signup', `{"email":"${email}","password":"senha-forte-1",`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('bad_json');
    const body = await res.json();
    expect(body).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    expect(typeof body.message).toBe('string');
    expect(typeof body.msg).toBe('string');
    for (const bad of ['[1,2]', 'null', '"texto"', '\u0000\u0001']) {
      expect((await post(sb, '/auth/v1/token?grant_type=password', bad)).status).toBe(400);
    }
    expect((await sb.pg.query(`select 1 from auth.users where email = $1`, [email])).rows).toHaveLength(0);
    expect((await fetch(`${sb.url}/auth/v1/health`)).status).toBe(200);
  });

  it('tipos errados nos campos: 400, nunca 500', async () => {
    const bodies = [
      { email: 123, password: 'senha-forte-1' },
      { email: { $ne: null }, password: 'x' },
      { email: uniqueEmail('tipos'), password: ['a'] },
      { email: uniqueEmail('tipos'), password: 'senha-forte-1', data: 'texto' },
      { email: "a'; drop table auth.users; --@x.com", password: 'senha-forte-1' },
    ];
    for (const b of bodies) {
      const res = await post(sb, '/auth/v1/signup', JSON.stringify(b));
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect((await res.json()).code).toBeTruthy();
    }
    expect((await sb.pg.query(`select count(*)::int as n from auth.users`)).rows[0]).toBeTruthy();
  });

  it('corpo acima de 1 MB: 413 com JSON, em /auth e em /rest', async () => {
    const big = JSON.stringify({ email: uniqueEmail('grande'), password: 'senha-forte-1', data: { x: 'a'.repeat(1_100_000) } });
    const res = await post(sb, '/auth/v1/signup', big);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('request_too_large');
    const rest = await fetch(`${sb.url}/rest/v1/projects`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, 'content-type': 'application/json' },
      body: big,
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ message: expect.any(String), details: null, hint: null });
  });

  it('rota desconhecida: 404 com corpo JSON (nunca vazio)', async () => {
    for (const path of ['/nada', '/auth/v1/nada', '/_dev/nada']) {
      const res = await fetch(`${sb.url}${path}`, { headers: { apikey: sb.publishableKey } });
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.message || body.msg).toBeTruthy();
    }
  });

  it('sem apikey (ou com uma chave inválida), as rotas de auth respondem 401', async () => {
    const none = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe('No API key found in request');
    const wrong = await post(sb, '/auth/v1/token?grant_type=password', '{}', { apikey: 'chave-errada' });
    expect(wrong.status).toBe(401);
  });
});

describe('CORS', () => {
  it('preflight libera os cabeçalhos do supabase-js e as respostas expõem Content-Range e os códigos de erro', async () => {
    const pre = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = pre.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'accept-profile', 'content-profile', 'prefer', 'x-retry-count']) {
      expect(allowed).toContain(h);
    }
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/PATCH/);

    const res = await post(sb, '/auth/v1/token?grant_type=password', '{"email":"x@y.com","password":"abcdef"}', { origin: 'http://localhost:4321' });
    const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const h of ['content-range', 'x-supabase-api-version', 'x-sb-error-code']) expect(exposed).toContain(h);
  });
});

describe('CORS da caixa local (/_dev)', () => {
  const devGet = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const u = new URL(`${sb.url}${path}`);
      const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: headers[':method'] ?? 'GET', headers: Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':'))) }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('uma página de outra origem não lê a caixa: sem cabeçalhos CORS e 403 para Origin, Sec-Fetch-Site ou Host de fora', async () => {
    const email = uniqueEmail('caixa');
    await sb.serviceClient().auth.admin.createUser({ email, password: 'senha-segura-1', email_confirm: true });
    await sb.anonClient().auth.resetPasswordForEmail(email);
    for (const path of ['/_dev/inbox.json', '/_dev/inbox', '/_dev/config.json']) {
      const hostile: Record<string, string>[] = [
        { origin: 'https://atacante.example' },
        { origin: 'http://localhost:4321' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        // DNS rebinding: the attacker's name resolved to this machine.
        { host: `atacante.example:${new URL(sb.url).port}` },
      ];
      for (const headers of hostile) {
        const res = await devGet(path, headers);
        expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 403 });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.body).not.toContain(email);
      }
      const pre = await devGet(path, { ':method': 'OPTIONS', origin: 'https://atacante.example', 'access-control-request-method': 'GET' });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    }
    // The developer's own browser tab (navigation) and the tests' Node reads still work, without CORS headers.
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { origin: sb.url, 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const res = await devGet(`/_dev/inbox.json?to=${encodeURIComponent(email)}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(res.body)[0]).toMatchObject({ to: email });
    }
  });

  it('a API continua respondendo a qualquer origem, como o gateway do Supabase', async () => {
    const res = await fetch(`${sb.url}/auth/v1/settings`, { headers: { origin: 'https://atacante.example', apikey: sb.anonKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('logs', () => {
  it('nenhuma linha de log traz senha, token ou link de e-mail', async () => {
    const password = 'senha-que-nao-pode-vazar';
    const email = uniqueEmail('logs');
    const svc = sb.serviceClient().auth.admin;
    await svc.createUser({ email, password, email_confirm: true });
    const { data } = await sb.anonClient().auth.signInWithPassword({ email, password });
    const refreshed = await sb.anonClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    await sb.anonClient().auth.signInWithPassword({ email, password: 'senha-errada-tambem-secreta' });
    await sb.anonClient().auth.resetPasswordForEmail(email);
    const link = (await sb.lastMail(email)).links[0]!;
    await fetch(link, { redirect: 'manual' });
    const secrets = [
      password,
      'senha-errada-tambem-secreta',
      data.session!.access_token,
      data.session!.refresh_token,
      refreshed.data.session!.refresh_token,
      new URL(link).searchParams.get('token')!,
      sb.jwtSecret,
    ];
    expect(logs.length).toBeGreaterThan(5);
    expect(logs.some((l) => l.includes('/auth/v1/verify'))).toBe(true);
    for (const line of logs) for (const s of secrets) expect(line.includes(s), line).toBe(false);
  });
});

describe('limites de requisições por endereço (padrões do GoTrue)', () => {
  const hammer = async (path: string, n: number, body = '{}') => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      // X-Forwarded-For is not trusted: a different value each time changes nothing.
      const res = await post(limited, path, body, { 'x-forwarded-for': `10.0.${i % 250}.${i % 7}` });
      statuses.push(res.status);
      if (res.status === 429) {
        const b = await res.json();
        expect(b.code).toBe('over_request_rate_limit');
      } else await res.arrayBuffer();
    }
    return statuses;
  };

  it('/signup, /recover e /resend juntos: 30 por 5 minutos, falhas incluídas; a 31ª é 429', async () => {
    const a = await hammer('/auth/v1/recover', 20); // missing e-mail: 400, still counted
    const b = await hammer('/auth/v1/resend', 10);
    expect([...a, ...b].every((s) => s === 400)).toBe(true);
    const c = await hammer('/auth/v1/signup', 1, JSON.stringify({ email: uniqueEmail('limite'), password: 'senha-forte-1' }));
    expect(c).toEqual([429]);
    expect((await limited.pg.query(`select 1 from auth.users`)).rows).toHaveLength(0);
  });

  it('/verify: 30 por 5 minutos', async () => {
    const s = await hammer('/auth/v1/verify', 31, JSON.stringify({ type: 'signup', token_hash: 'x' }));
    expect(s.slice(0, 30).every((x) => x === 403)).toBe(true);
    expect(s[30]).toBe(429);
  });

  it('/token (senha e refresh juntos): 30 por 5 minutos', async () => {
    const s = await hammer('/auth/v1/token?grant_type=refresh_token', 31, JSON.stringify({ refresh_token: 'nao-existe' }));
    expect(s.slice(0, 30).every((x) => x === 400)).toBe(true);
    expect(s[30]).toBe(429);
    const pw = await hammer('/auth/v1/token?grant_type=password', 1, JSON.stringify({ email: 'a@b.com', password: 'abcdef' }));
    expect(pw).toEqual([429]);
  });
});
