// /rest/v1 writes and RPC through supabase-js: insert (single, bulk, columns=, missing=default, upsert),
// update, delete, Prefer return/count, single-object mutations rolled back, and functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRestFixture, type RestFixture } from './rest-fixture.ts';

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(); });
afterAll(async () => { await fx?.stop(); });

const superCount = async (sql: string) => Number((await fx.sb.pg.query<{ n: number }>(`select count(*)::int as n ${sql}`)).rows[0]!.n);

describe('insert', () => {
  it('inserts with no Prefer: 201, empty body, defaults applied (owner = auth.uid())', async () => {
    const res = await fx.as(ALICE).from('todos').insert({ title: 'minimal insert' });
    expect(res).toMatchObject({ status: 201, data: null, error: null });
    const row = (await fx.sb.pg.query<{ owner_id: string; done: boolean }>(`select owner_id, done from todos where title = 'minimal insert'`)).rows[0];
    expect(row).toEqual({ owner_id: ALICE, done: false });
  });

  it('returns the representation as an object with .select().single(), embeds included', async () => {
    const { data, status, error } = await fx.as(ALICE).from('todos')
      .insert({ title: 'com representação', priority: 4, meta: { a: [1, 2] }, labels: ['x', 'y z'] })
      .select('title, priority, meta, labels, owner:owners!todos_owner_id_fkey(name)').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'com representação', priority: 4, meta: { a: [1, 2] }, labels: ['x', 'y z'], owner: { name: 'Alice' } });
  });

  it('inserts arrays: columns= fills missing keys with NULL, missing=default with the column default', async () => {
    const nulls = await fx.as(ALICE).from('todos').insert([{ title: 'bulk 1', done: true }, { title: 'bulk 2' }]).select('title, done');
    expect(nulls.error).toMatchObject({ code: '23502' }); // done is NOT NULL: a missing key is NULL, as on PostgREST
    expect(await superCount(`from todos where title like 'bulk %'`)).toBe(0);
    const defaults = await fx.as(ALICE).from('todos').insert([{ title: 'bulk 1', done: true }, { title: 'bulk 2' }], { defaultToNull: false }).select('title, done');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([{ title: 'bulk 1', done: true }, { title: 'bulk 2', done: false }]);
  });

  it('reports the inserted count in Content-Range with count=exact', async () => {
    const { count, status } = await fx.as(ALICE).from('todos').insert([{ title: 'c1' }, { title: 'c2' }], { count: 'exact' });
    expect(status).toBe(201);
    expect(count).toBe(2);
  });

  it('upserts: merge-duplicates updates the row, ignore-duplicates leaves it', async () => {
    const ignored = await fx.as(ALICE).from('tags').upsert({ todo_id: 1, name: 'urgente' }, { onConflict: 'todo_id,name', ignoreDuplicates: true }).select();
    expect(ignored).toMatchObject({ status: 201, data: [], error: null });
    const added = await fx.as(ALICE).from('tags').upsert([{ todo_id: 1, name: 'urgente' }, { todo_id: 1, name: 'novo' }], { onConflict: 'todo_id,name', ignoreDuplicates: true }).select('name');
    expect(added.data).toEqual([{ name: 'novo' }]);
    expect(await superCount(`from tags where todo_id = 1`)).toBe(3);
    const { data } = await fx.as(ALICE).from('todos').upsert({ id: 3, title: 'Ler Dom Casmurro (upsert)', owner_id: ALICE }).select('id, title').single();
    expect(data).toEqual({ id: 3, title: 'Ler Dom Casmurro (upsert)' });
  });

  it('answers Prefer: return=headers-only with a Location', async () => {
    const res = await fx.raw('/todos', {
      method: 'POST', bearer: await fx.token(ALICE),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' }, body: JSON.stringify({ title: 'headers only' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/todos\?id=eq\.\d+$/);
    expect(await res.text()).toBe('');
  });
});

describe('update and delete', () => {
  it('updates with 204 by default and 200 with the representation', async () => {
    const { data: created } = await fx.as(ALICE).from('todos').insert({ title: 'para atualizar' }).select('id').single();
    const id = (created as { id: number }).id;
    const minimal = await fx.as(ALICE).from('todos').update({ priority: 9 }).eq('id', id);
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const rep = await fx.as(ALICE).from('todos').update({ done: true, title: 'atualizada' }).eq('id', id).select('id, title, done, priority');
    expect(rep).toMatchObject({ status: 200, data: [{ id, title: 'atualizada', done: true, priority: 9 }] });
  });

  it('supports optimistic concurrency: a stale filter updates 0 rows', async () => {
    const { data } = await fx.as(ALICE).from('todos').select('id, created_at').eq('id', 1).single();
    const row = data as { id: number; created_at: string };
    const stale = await fx.as(ALICE).from('todos').update({ priority: 7 }).eq('id', 1).eq('created_at', '2000-01-01T00:00:00+00:00').select();
    expect(stale).toMatchObject({ status: 200, data: [], error: null });
    const fresh = await fx.as(ALICE).from('todos').update({ priority: 7 }).eq('id', 1).eq('created_at', row.created_at).select('priority');
    expect(fresh.data).toEqual([{ priority: 7 }]);
  });

  it('cannot update or delete rows RLS hides: 0 rows, no error, nothing changed', async () => {
    const before = await superCount(`from todos where id = 5 and title = 'Segredo do Bob'`);
    const upd = await fx.as(ALICE).from('todos').update({ title: 'hacked' }).eq('id', 5).select();
    expect(upd).toMatchObject({ status: 200, data: [], error: null });
    const del = await fx.as(ALICE).from('todos').delete().eq('id', 5).select();
    expect(del).toMatchObject({ status: 200, data: [], error: null });
    expect(await superCount(`from todos where id = 5 and title = 'Segredo do Bob'`)).toBe(before);
  });

  it('a WITH CHECK failure is 403 42501 and changes nothing', async () => {
    const res = await fx.as(ALICE).from('todos').update({ owner_id: BOB }).eq('id', 1);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ code: '42501' });
    expect(await superCount(`from todos where id = 1 and owner_id = '${ALICE}'`)).toBe(1);
  });

  it('deletes with 204, or 200 with the deleted rows (sorted by order)', async () => {
    await fx.as(ALICE).from('todos').insert([{ title: 'apagar 1' }, { title: 'apagar 2' }, { title: 'apagar 3', priority: 1 }, { title: 'apagar 4', priority: 2 }]);
    const sorted = await fx.as(ALICE).from('todos').delete().in('title', ['apagar 3', 'apagar 4']).select('title').order('priority', { ascending: false });
    expect(sorted.data).toEqual([{ title: 'apagar 4' }, { title: 'apagar 3' }]);
    const rep = await fx.as(ALICE).from('todos').delete().eq('title', 'apagar 1').select('title');
    expect(rep).toMatchObject({ status: 200, data: [{ title: 'apagar 1' }] });
    const minimal = await fx.as(ALICE).from('todos').delete().eq('title', 'apagar 2');
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    expect(await superCount(`from todos where title like 'apagar %'`)).toBe(0);
  });

  it('rolls back a .single() mutation that touched more than one row (406 PGRST116)', async () => {
    await fx.as(ALICE).from('todos').insert([{ title: 'lote', priority: 1 }, { title: 'lote', priority: 1 }]);
    const res = await fx.as(ALICE).from('todos').update({ priority: 99 }).eq('title', 'lote').select().single();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await superCount(`from todos where title = 'lote' and priority = 1`)).toBe(2);
    const del = await fx.as(ALICE).from('todos').delete().eq('title', 'lote').select().single();
    expect(del.status).toBe(406);
    expect(await superCount(`from todos where title = 'lote'`)).toBe(2);
  });

  it('.maybeSingle() on an update that matched nothing gives null without an error', async () => {
    const { data, error } = await fx.as(ALICE).from('todos').update({ priority: 1 }).eq('id', 987654).select().maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('.maxAffected(n) refuses (and rolls back) an update touching more rows: 400 PGRST124', async () => {
    await fx.as(ALICE).from('todos').insert([{ title: 'limite', priority: 1 }, { title: 'limite', priority: 1 }]);
    // supabase-js types .maxAffected() for PostgREST 13+ schemas only; the request it sends is the same.
    type MaxAffected = { maxAffected(n: number): PromiseLike<{ status: number; error: unknown }> };
    const limited = (n: number) => (fx.as(ALICE).from('todos').update({ priority: 50 }).eq('title', 'limite') as unknown as MaxAffected).maxAffected(n);
    const res = await limited(1);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
    expect(await superCount(`from todos where title = 'limite' and priority = 1`)).toBe(2);
    const ok = await limited(2);
    expect(ok.error).toBeNull();
  });

  it('Prefer: tx=rollback answers as if committed but keeps nothing', async () => {
    const res = await fx.raw('/todos?select=title', {
      method: 'POST', bearer: await fx.token(ALICE),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' }, body: JSON.stringify({ title: 'nunca gravado' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await res.json()).toEqual([{ title: 'nunca gravado' }]);
    expect(await superCount(`from todos where title = 'nunca gravado'`)).toBe(0);
  });
});

describe('rpc', () => {
  it('calls a table-returning function (rows as objects) with the caller\'s RLS', async () => {
    const { data, error } = await fx.as(BOB).rpc('todo_counts');
    expect(error).toBeNull();
    expect(data).toEqual([{ done: false, count: 2 }, { done: true, count: 1 }]);
  });

  it('calls scalar functions with named and default arguments, by POST and GET', async () => {
    expect((await fx.as(ALICE).rpc('add_numbers', { a: 2, b: 40 })).data).toBe(42);
    expect((await fx.as(ALICE).rpc('add_numbers', { a: 2 })).data).toBe(3);
    expect((await fx.as(ALICE).rpc('add_numbers', { a: 5 }, { get: true })).data).toBe(6);
  });

  it('filters, orders and limits a setof-table function result', async () => {
    const { data } = await fx.as(ALICE).rpc('todos_above', { min_priority: 1 }).select('id').neq('id', 1).lte('id', 5).order('id', { ascending: false }).limit(1);
    expect(data).toEqual([{ id: 4 }]);
  });

  it('passes the whole body to a function with one unnamed jsonb parameter', async () => {
    const { data } = await fx.as(ALICE).rpc('echo_json', { x: [1, 'dois'], y: null });
    expect(data).toEqual({ x: [1, 'dois'], y: null });
  });

  it('runs volatile functions by POST (204 for void) and refuses writes in a GET (read-only transaction)', async () => {
    const { data: before } = await fx.as(BOB).from('todos').select('priority').eq('id', 4).single();
    const post = await fx.as(BOB).rpc('bump_priority', { todo: 4 });
    expect(post.error).toBeNull();
    expect(post.status).toBe(204);
    const get = await fx.as(BOB).rpc('bump_priority', { todo: 4 }, { get: true });
    expect(get.status).toBe(405);
    expect(get.error).toMatchObject({ code: '25006' });
    const { data: after } = await fx.as(BOB).from('todos').select('priority').eq('id', 4).single();
    expect((after as { priority: number }).priority).toBe((before as { priority: number }).priority + 1);
  });

  it('maps RAISE to PostgREST statuses: P0001 → 400, PTnnn → nnn', async () => {
    const p0001 = await fx.as(ALICE).rpc('raise_with', { code: 'P0001', msg: 'Falhou de propósito' });
    expect(p0001.status).toBe(400);
    expect(p0001.error).toEqual({ code: 'P0001', message: 'Falhou de propósito', details: null, hint: null });
    const pt = await fx.as(ALICE).rpc('raise_with', { code: 'PT402', msg: 'Pague' });
    expect(pt.status).toBe(402);
  });

  it('answers 404 PGRST202 for an unknown function or argument set', async () => {
    const unknown = await fx.as(ALICE).rpc('nao_existe', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.nao_existe(a) in the schema cache' });
    const wrongArgs = await fx.as(ALICE).rpc('add_numbers', { z: 1 });
    expect(wrongArgs.error).toMatchObject({ code: 'PGRST202' });
  });
});

describe('limits and schema changes', () => {
  it('caps a read at 1000 rows (db-max-rows) while the exact count says how many there are', async () => {
    await fx.sb.pg.exec(`insert into public.settings (key, value) select 'k' || g, 'v' from generate_series(1, 1100) g`);
    const { data, count, status } = await fx.as('anon').from('settings').select('key', { count: 'exact' });
    expect(data).toHaveLength(1000);
    expect(count).toBe(1101);
    expect(status).toBe(206);
    const asked = await fx.as('anon').from('settings').select('key').range(0, 4999);
    expect(asked.data).toHaveLength(1000);
  });

  it('takes 31,000 rows in one request, with and without missing=default, in one statement and without a crash', async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => i);
    const res = await fx.raw(`/todos?select=id`, {
      method: 'POST', bearer: await fx.token(ALICE),
      headers: { 'Content-Type': 'application/json', Prefer: 'missing=default' },
      body: JSON.stringify(ids.slice(0, 31_000).map((i) => ({ title: `t${i}` }))),
    }).catch(() => null);
    // Every row has every key, so this goes through one json_populate_recordset parameter: fine.
    expect(res?.status).toBe(201);
    const many = await fx.raw(`/todos?columns=title,priority&select=id`, {
      method: 'POST', bearer: await fx.token(ALICE),
      headers: { 'Content-Type': 'application/json', Prefer: 'missing=default, return=representation' },
      body: JSON.stringify(ids.slice(0, 31_000).map((i) => ({ title: `m${i}` }))),
    });
    // Defaults are evaluated in the statement, one row at a time, as PostgREST does: no bind parameter per value.
    expect(many.status).toBe(201);
    expect(((await many.json()) as unknown[]).length).toBe(31_000);
    expect(await superCount(`from todos where title ~ '^m[0-9]+$'`)).toBe(31_000);
  });

  it('sees tables and functions created after start without a restart', async () => {
    await fx.sb.pg.exec(`create table public.late_table (id int primary key, label text);
      insert into public.late_table values (1, 'tarde');
      create function public.late_fn() returns int language sql stable as $$ select 7 $$;`);
    expect((await fx.as('service').from('late_table').select('label')).data).toEqual([{ label: 'tarde' }]);
    expect((await fx.as(ALICE).rpc('late_fn')).data).toBe(7);
  });
});
