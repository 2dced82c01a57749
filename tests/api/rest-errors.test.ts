// /rest/v1 error shapes and statuses (PostgREST's {code, message, details, hint}), JWT handling,
// and bad input that must change nothing.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, startRestFixture, type RestFixture } from './rest-fixture.ts';

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(); });
afterAll(async () => { await fx?.stop(); });

const sign = (claims: Record<string, unknown>, secret = fx.sb.jwtSecret, exp: string | number = '1h') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));

async function errorOf(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  return body;
}

const tableChecksum = async () =>
  (await fx.sb.pg.query<{ c: string }>(`select md5(string_agg(t::text, '|' order by t.id)) as c from public.todos t`)).rows[0]!.c;

describe('JWT handling', () => {
  it('an expired token is 401 PGRST303 "JWT expired" with WWW-Authenticate', async () => {
    const token = await sign({ sub: ALICE, role: 'authenticated' }, undefined, Math.floor(Date.now() / 1000) - 120);
    const res = await fx.raw('/todos', { bearer: token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="JWT expired"/);
    expect(await errorOf(res)).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('a token signed with another secret is 401 PGRST301', async () => {
    const res = await fx.raw('/todos', { bearer: await sign({ sub: ALICE, role: 'authenticated' }, 'not-the-secret-not-the-secret-123') });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await errorOf(res)).toMatchObject({ code: 'PGRST301' });
  });

  it('a malformed token is 401 PGRST301', async () => {
    for (const bad of ['abc', 'a.b', 'a.b.c', `${'x'.repeat(5000)}.y.z`]) {
      const res = await fx.raw('/todos', { bearer: bad });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('PGRST301');
    }
  });

  it('a role claim that is not a Postgres role is 401; a superuser role is refused', async () => {
    const res = await fx.raw('/todos', { bearer: await sign({ sub: ALICE, role: 'hacker' }) });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: '22023', message: 'role "hacker" does not exist' });
    const su = await fx.raw('/todos', { bearer: await sign({ role: 'postgres' }) });
    expect(su.status).toBe(403);
    expect((await errorOf(su)).code).toBe('42501');
  });

  it('no token at all runs as anon; the apikey header is used when Authorization is missing', async () => {
    const none = await fx.raw('/settings?select=value', { bearer: null, headers: { apikey: '' } });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([{ value: 'Portal IA' }]);
    const apikeyOnly = await fetch(`${fx.sb.url}/rest/v1/todos?select=id`, { headers: { apikey: await fx.token(ALICE) } });
    expect((await apikeyOnly.json() as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('schema cache errors', () => {
  it('unknown table: 404 PGRST205', async () => {
    const { error, status } = await fx.as(ALICE).from('nao_existe').select('*');
    expect(status).toBe(404);
    expect(error).toEqual({ code: 'PGRST205', message: "Could not find the table 'public.nao_existe' in the schema cache", details: null, hint: null });
  });

  it('a near miss gets a hint naming the table or column meant', async () => {
    const table = await fx.as(ALICE).from('todo').select('*');
    expect(table.error).toMatchObject({ code: 'PGRST205', hint: "Perhaps you meant the table 'public.todos'" });
    const column = await fx.as(ALICE).from('todos').select('titel');
    expect(column.error).toMatchObject({ code: '42703', hint: 'Perhaps you meant to reference the column "todos.title".' });
  });

  it('unknown column in select, filter or order: 400 42703', async () => {
    for (const q of [
      fx.as(ALICE).from('todos').select('nope'),
      fx.as(ALICE).from('todos').select('id').eq('nope', 1),
      fx.as(ALICE).from('todos').select('id').order('nope'),
      fx.as(ALICE).from('todos').select('id').or('nope.eq.1,id.eq.2'),
    ]) {
      const { error, status } = await q;
      expect(status).toBe(400);
      expect(error).toEqual({ code: '42703', message: 'column todos.nope does not exist', details: null, hint: null });
    }
  });

  it('unknown relationship: 400 PGRST200; ambiguous: 300 PGRST201 with a hint', async () => {
    const unknown = await fx.as(ALICE).from('todos').select('id, settings(*)');
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'todos' and 'settings' in the schema cache" });
    const ambiguous = await fx.as(ALICE).from('todos').select('id, owners(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201', message: "Could not embed because more than one relationship was found for 'todos' and 'owners'" });
    expect((ambiguous.error as unknown as { hint: string }).hint).toContain("'owners!todos_owner_id_fkey'");
  });

  it('a filter on a resource that is not embedded: 400 PGRST108', async () => {
    const { error, status } = await fx.as(ALICE).from('todos').select('id').eq('tags.name', 'x');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST108' });
  });

  it('unknown payload column: 400 PGRST204, nothing written', async () => {
    const before = await tableChecksum();
    const { error, status } = await fx.as(ALICE).from('todos').insert({ title: 'x', bogus: 1 } as never);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'bogus' column of 'todos' in the schema cache" });
    expect(await tableChecksum()).toBe(before);
  });
});

describe('body and header errors', () => {
  const post = async (body: string, headers: Record<string, string> = {}) =>
    fx.raw('/todos', { method: 'POST', bearer: await fx.token(ALICE), headers: { 'Content-Type': 'application/json', ...headers }, body });

  it('malformed or empty JSON: 400 PGRST102; rows with different keys: "All object keys must match"', async () => {
    const before = await tableChecksum();
    for (const body of ['{"title":', '', 'null', '42', '"x"', '[1,2]']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('PGRST102');
    }
    const keys = await post(JSON.stringify([{ title: 'a' }, { title: 'b', done: true }]));
    expect(await errorOf(keys)).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    expect(await tableChecksum()).toBe(before);
  });

  it('a schema not listed in [api] schemas of supabase/config.toml: 406 PGRST106', async () => {
    const { error, status } = await fx.as(ALICE).schema('auth').from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public, graphql_public' });
  });

  it('a Content-Profile other than public on a write: 406 PGRST106, nothing written', async () => {
    const before = await tableChecksum();
    const res = await fx.raw('/todos', {
      method: 'POST', bearer: await fx.token(ALICE), headers: { 'Content-Type': 'application/json', 'Content-Profile': 'private' }, body: '{"title":"x"}',
    });
    expect(res.status).toBe(406);
    expect(await errorOf(res)).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' });
    expect(await tableChecksum()).toBe(before);
  });

  it('GET / describes the exposed tables and functions', async () => {
    const res = await fx.raw('/', { bearer: null });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { swagger: string; paths: Record<string, unknown> };
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/todos', '/owner_directory', '/rpc/todo_counts']));
  });

  it('unknown path, unsupported method and unavailable media type', async () => {
    const token = await fx.token(ALICE);
    expect((await fx.raw('/todos/1', { bearer: token })).status).toBe(404);
    const put = await fx.raw('/todos', { method: 'PUT', bearer: token, body: '{}' });
    expect(put.status).toBe(405);
    expect((await errorOf(put)).code).toBe('PGRST117');
    const geo = await fx.raw('/todos', { bearer: token, headers: { Accept: 'application/geo+json' } });
    expect(geo.status).toBe(406);
    expect(await errorOf(geo)).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/geo+json' });
  });
});

describe('Postgres errors keep their SQLSTATE, message and detail', () => {
  it('23505 unique violation: 409, with the key in details where Postgres shows it (not under RLS)', async () => {
    const { error, status } = await fx.as(ALICE).from('tags').insert({ todo_id: 1, name: 'mercado' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "tags_todo_id_name_key"' });
    const service = await fx.as('service').from('tags').insert({ todo_id: 1, name: 'mercado' });
    expect(service.error).toMatchObject({ code: '23505', details: 'Key (todo_id, name)=(1, mercado) already exists.' });
  });

  it('23503 foreign key violation: 409', async () => {
    const { error, status } = await fx.as('service').from('tags').insert({ todo_id: 987654, name: 'órfã' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23503' });
  });

  it('23514 check, 23502 not-null and 22P02 invalid input: 400', async () => {
    expect(await fx.as(ALICE).from('todos').insert({ title: '' })).toMatchObject({ status: 400, error: { code: '23514' } });
    expect(await fx.as(ALICE).from('todos').insert({ title: null } as never)).toMatchObject({ status: 400, error: { code: '23502' } });
    expect(await fx.as(ALICE).from('todos').select('id').eq('id', 'abc')).toMatchObject({ status: 400, error: { code: '22P02' } });
    expect(await fx.as(ALICE).from('todos').select('id').eq('done', 'talvez')).toMatchObject({ status: 400, error: { code: '22P02', message: 'invalid input syntax for type boolean: "talvez"' } });
    expect(await fx.as(ALICE).from('todos').select('id').eq('meta', '{"a":')).toMatchObject({ status: 400, error: { code: '22P02' } });
    expect(await fx.as(ALICE).from('todos').insert({ title: 'x', priority: 'alta' } as never)).toMatchObject({ status: 400, error: { code: '22P02' } });
  });

  it('42501 from RLS: 401 for anon, 403 for a signed-in user', async () => {
    const anon = await fx.as('anon').from('todos').insert({ title: 'anon' });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "todos"' });
    const user = await fx.as(ALICE).from('todos').insert({ title: 'x', owner_id: '00000000-0000-4000-8000-000000000b0b' });
    expect(user.status).toBe(403);
  });
});
