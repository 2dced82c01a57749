// PostgREST's function-call and write semantics through supabase-js: overload resolution and PGRST203, row-type
// arguments, single unnamed parameters, embedding on RPC results, max-affected on calls, exact PGRST202, upsert status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIDELITY_SQL } from './rest-fidelity-fixture.ts';
import { startRestFixture, type RestFixture } from './rest-fixture.ts';

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(FIDELITY_SQL); });
afterAll(async () => { await fx?.stop(); });
const db = () => fx.as('service');
// supabase-js types .maxAffected() for PostgREST 13+ schemas only; the request it sends is the same.
type MaxAffected = { maxAffected(n: number): PromiseLike<{ status: number; error: unknown }> };
const limited = (call: unknown, n: number) => (call as MaxAffected).maxAffected(n);
const post = (fn: string, body: string, headers: Record<string, string> = {}) =>
  fx.raw(`/rpc/${fn}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, bearer: fx.sb.secretKey });

describe('overloaded functions', () => {
  it('picks the overload whose parameter names match the arguments', async () => {
    expect((await db().rpc('overloaded')).data).toBe(0);
    expect((await db().rpc('overloaded', { a: 'x' })).data).toBe('text:x');
    expect((await db().rpc('overloaded', { b: 2 })).data).toBe(20);
  });

  it('answers 300 PGRST203 when two overloads take the same names, listing them in order of their parameter lists', async () => {
    const { error, status } = await db().rpc('ambiguous', { a: 1 });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.ambiguous(a => integer), public.ambiguous(a => text)',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });
});

describe('unnamed parameters', () => {
  it('only a single unnamed json/jsonb/text/xml/bytea parameter is callable: {"": v} reaches the text overload', async () => {
    const { data, error } = await db().rpc('unnamed_pick', { '': 'x' });
    expect(error).toBeNull();
    expect(data).toBe('text');
  });

  it('a function whose one unnamed parameter is an integer is not in the function cache (404 PGRST202)', async () => {
    const { error, status } = await db().rpc('unnamed_number', { '': 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202', message: 'Could not find the function public.unnamed_number() in the schema cache',
      details: 'Searched for the function public.unnamed_number with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    expect(error?.hint ?? '').not.toContain('unnamed_number');
  });
});

describe('PGRST202', () => {
  it('names the arguments searched for, with PostgREST\'s wording', async () => {
    const one = await db().rpc('overloaded', { zzz: 1 });
    expect(one.status).toBe(404);
    expect(one.error).toMatchObject({
      code: 'PGRST202', message: 'Could not find the function public.overloaded(zzz) in the schema cache',
      details: 'Searched for the function public.overloaded with parameter zzz or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const typo = await db().rpc('overloadd', { a: 'x' });
    expect(typo.error).toMatchObject({ hint: 'Perhaps you meant to call the function public.overloaded' });
    const none = await db().rpc('nope');
    expect(none.error).toMatchObject({
      message: 'Could not find the function public.nope without parameters in the schema cache',
      details: 'Searched for the function public.nope without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });
});

describe('arguments', () => {
  it('builds a row-type argument from its JSON object', async () => {
    const { data, error } = await db().rpc('channel_slug', { channel_row: { id: 2, slug: 'random' } });
    expect(error).toBeNull();
    expect(data).toBe('random');
  });

  it('takes GET query parameters without an operator as arguments, the others as filters on the result', async () => {
    const { data, error } = await db().rpc('messages_of', { search_username: 'supabot' }, { get: true }).eq('channel_id', 2).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }]);
    const unknown = await db().rpc('overloaded', { zzz: '1' }, { get: true });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202', details: 'Searched for the function public.overloaded with parameter zzz, but no matches were found in the schema cache.',
    });
  });

  it('passes a text/plain body to a function with one unnamed text parameter, and a {"": value} object too', async () => {
    const raw = await post('shout', 'olá', { 'Content-Type': 'text/plain' });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toBe('OLÁ');
    const { data, error } = await db().rpc('shout', { '': 'oi' });
    expect(error).toBeNull();
    expect(data).toBe('OI');
  });
});

describe('RPC results', () => {
  it('embed the relationships of the table a function returns', async () => {
    const { data, error } = await db().rpc('messages_of', { search_username: 'supabot' }).select('id, people(status), channels(slug)');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, people: { status: 'ONLINE' }, channels: { slug: 'public' } },
      { id: 2, people: { status: 'ONLINE' }, channels: { slug: 'random' } },
    ]);
  });

  it('max-affected with handling=strict answers PGRST124 and rolls the call back', async () => {
    const { error, status } = await limited(db().rpc('set_offline', { name_param: '%a%' }), 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
    const { data } = await db().from('people').select('username').eq('status', 'OFFLINE');
    expect(data).toEqual([]);
  });

  it('max-affected on a function that does not return a set answers PGRST128', async () => {
    const { error, status } = await limited(db().rpc('offline_one', { name_param: 'supabot' }), 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST128' });
    const { data } = await db().from('people').select('status').eq('username', 'supabot').single();
    expect(data).toEqual({ status: 'ONLINE' });
  });
});

describe('handling=strict', () => {
  it('refuses preferences it does not understand with PGRST122, and ignores them otherwise', async () => {
    const strict = await fx.raw('/people?select=username', { headers: { Prefer: 'handling=strict, bogus=1' } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: bogus=1' });
    expect((await fx.raw('/people?select=username', { headers: { Prefer: 'handling=lenient, bogus=1' } })).status).toBe(200);
  });

  it('lists the applied preferences in PostgREST\'s order, max-affected only with handling=strict', async () => {
    const res = await fx.raw('/channels?id=eq.999', {
      method: 'PATCH', bearer: fx.sb.secretKey, body: '{"slug":"x"}',
      headers: { 'Content-Type': 'application/json', Prefer: 'max-affected=5, handling=strict, count=exact, return=representation' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('return=representation, count=exact, handling=strict, max-affected=5');
  });
});

describe('upsert status', () => {
  it('answers 201 when a row was inserted and 200 when every row was merged into an existing one', async () => {
    const inserted = await db().from('channels').upsert({ id: 10, slug: 'new' }).select();
    expect(inserted.status).toBe(201);
    const merged = await db().from('channels').upsert({ id: 10, slug: 'renamed' }).select();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: 10, slug: 'renamed' }]);
    const minimal = await db().from('channels').upsert({ id: 10, slug: 'again' });
    expect(minimal.status).toBe(200);
  });
});
