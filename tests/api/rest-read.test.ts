// /rest/v1 reads through supabase-js against a started local Supabase with our own fixture schema:
// column lists, aliases, casts, embedding, every filter, logic trees, order, paging, counts, single objects, RLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRestFixture, type RestFixture } from './rest-fixture.ts';

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(); });
afterAll(async () => { await fx?.stop(); });

const titles = (data: { title: string }[] | null) => (data ?? []).map((r) => r.title);

describe('select lists and embedding', () => {
  it('returns the listed columns with aliases and casts', async () => {
    const { data, error, status } = await fx.as(ALICE).from('todos').select('id, titulo:title, prio:priority::text').eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, titulo: 'Comprar pão', prio: '1' }]);
  });

  it('embeds many-to-one by FK constraint name and by FK column, one-to-many as arrays and one-to-one as an object', async () => {
    const { data, error } = await fx.as(ALICE).from('todos')
      .select('id, owner:owners!todos_owner_id_fkey(name), reviewer:reviewer_id(name), tags(name), notes(body)')
      .in('id', [1, 2]).order('id').order('name', { referencedTable: 'tags' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, owner: { name: 'Alice' }, reviewer: null, tags: [{ name: 'mercado' }, { name: 'urgente' }], notes: { body: 'integral' } },
      { id: 2, owner: { name: 'Alice' }, reviewer: { name: 'Bob' }, tags: [{ name: 'banco' }], notes: null },
    ]);
  });

  it('spreads a to-one embed\'s fields into the row, and a to-many one\'s as arrays of values', async () => {
    const { data, error } = await fx.as(ALICE).from('todos')
      .select('id, ...owners!todos_owner_id_fkey(dono:name, email), ...notes(nota:body)').in('id', [1, 2]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, dono: 'Alice', email: 'alice@exemplo.com.br', nota: 'integral' },
      { id: 2, dono: 'Alice', email: 'alice@exemplo.com.br', nota: null },
    ]);
    const many = await fx.as(ALICE).from('todos').select('id, ...tags(name)').in('id', [1, 3]).order('id').order('name', { referencedTable: 'tags' });
    expect(many.error).toBeNull();
    expect(many.data).toEqual([{ id: 1, name: ['mercado', 'urgente'] }, { id: 3, name: [] }]);
  });

  it('embeds a view through the foreign key of its base table', async () => {
    const { data, error } = await fx.as(ALICE).from('todos').select('id, dono:owner_directory!todos_owner_id_fkey(name)').eq('id', 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, dono: { name: 'Bob' } }]);
  });

  it('applies the embedded table\'s RLS: Bob\'s private note is not embedded for the reviewer', async () => {
    const { data } = await fx.as(BOB).from('todos').select('id, notes(body)').eq('id', 5);
    expect(data).toEqual([{ id: 5, notes: { body: 'só o Bob vê' } }]);
    const alice = await fx.as(ALICE).from('todos').select('id, notes(body)').eq('id', 5);
    expect(alice.data).toEqual([]);
  });

  it('filters, orders and limits embedded rows, and !inner drops parents without a match', async () => {
    const embedded = await fx.as(ALICE).from('todos').select('id, tags(name)').eq('tags.name', 'urgente').in('id', [1, 2]).order('id');
    expect(embedded.data).toEqual([{ id: 1, tags: [{ name: 'urgente' }] }, { id: 2, tags: [] }]);
    const inner = await fx.as(ALICE).from('todos').select('id, tags!inner(name)').eq('tags.name', 'urgente');
    expect(inner.data).toEqual([{ id: 1, tags: [{ name: 'urgente' }] }]);
    const limited = await fx.as(ALICE).from('todos').select('id, tags(name)').eq('id', 1)
      .order('name', { referencedTable: 'tags', ascending: false }).limit(1, { referencedTable: 'tags' });
    expect(limited.data).toEqual([{ id: 1, tags: [{ name: 'urgente' }] }]);
    const or = await fx.as(ALICE).from('todos').select('id, tags!inner(name)').or('name.eq.banco,name.eq.nada', { referencedTable: 'tags' });
    expect(or.data).toEqual([{ id: 2, tags: [{ name: 'banco' }] }]);
  });

  it('reads, filters and orders by JSON paths', async () => {
    const { data, error } = await fx.as(ALICE).from('todos').select('id, meta->lista, texto:meta->>lista').eq('meta->>lista', 'mercado').order('meta->>lista');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, lista: 'mercado', texto: 'mercado' }]);
  });

  it('filters parents on whether an embed matched (embed=is.null / not.is.null)', async () => {
    const without = await fx.as(ALICE).from('todos').select('id, notes()').is('notes', null).order('id');
    expect(without.data).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    const withNote = await fx.as(ALICE).from('todos').select('id, notes()').not('notes', 'is', null);
    expect(withNote.data).toEqual([{ id: 1 }]);
  });
});

describe('filters and logic trees', () => {
  const ids = async (q: (b: ReturnType<ReturnType<RestFixture['as']>['from']>) => PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await q(fx.as(ALICE).from('todos'));
    expect(error).toBeNull();
    return (data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids((t) => t.select('id').eq('priority', 2))).toEqual([4]);
    expect(await ids((t) => t.select('id').neq('priority', 2))).toEqual([1, 2]);
    expect(await ids((t) => t.select('id').gt('priority', 1))).toEqual([2, 4]);
    expect(await ids((t) => t.select('id').gte('priority', 1))).toEqual([1, 2, 4]);
    expect(await ids((t) => t.select('id').lt('due', '2026-01-10'))).toEqual([2]);
    expect(await ids((t) => t.select('id').lte('due', '2026-01-10'))).toEqual([1, 2]);
  });

  it('matches patterns with like and ilike, * standing for %', async () => {
    expect(await ids((t) => t.select('id').like('title', '%contas'))).toEqual([2]);
    expect(await ids((t) => t.select('id').ilike('title', '*DOM CASMURRO*'))).toEqual([3]);
  });

  it('tests null and booleans with is, and values with in (quoted when they hold commas)', async () => {
    expect(await ids((t) => t.select('id').is('priority', null))).toEqual([3]);
    expect(await ids((t) => t.select('id').is('done', true))).toEqual([2]);
    expect(await ids((t) => t.select('id').in('title', ['Pagar contas', 'Ler "Dom Casmurro" cap. 1', 'a,b']))).toEqual([2]);
    expect(await ids((t) => t.select('id').not('priority', 'in', '(1,2)'))).toEqual([2]);
    expect(await ids((t) => t.select('id').not('priority', 'is', null))).toEqual([1, 2, 4]);
  });

  it('quantifies with (any) and (all) over a list: likeAnyOf, likeAllOf, eq(any)', async () => {
    expect(await ids((t) => t.select('id').likeAnyOf('title', ['%pão', '*contas*']))).toEqual([1, 2]);
    expect(await ids((t) => t.select('id').ilikeAllOf('title', ['%R%', '%proposta%']))).toEqual([4]);
    expect(await ids((t) => t.select('id').filter('priority', 'eq(any)', '{1,2}'))).toEqual([1, 4]);
    expect(await ids((t) => t.select('id').or('priority.gt(all).{0,2},title.like(any).{Ler*}'))).toEqual([2, 3]);
  });

  it('combines conditions with nested or/and and not', async () => {
    expect(await ids((t) => t.select('id').or('priority.gt.2,and(done.eq.false,priority.is.null)'))).toEqual([2, 3]);
    expect(await ids((t) => t.select('id').or('title.eq.Comprar pão,not.and(done.eq.false,priority.gte.1)'))).toEqual([1, 2]);
  });

  it('reads quoted logic-tree values with backslash escapes, so , ( ) . " in a search term stay text', async () => {
    expect(await ids((t) => t.select('id').or('title.ilike."*\\"Dom Casmurro\\", cap*",title.eq."(nada)"'))).toEqual([3]);
    expect(await ids((t) => t.select('id').or('title.ilike."*100\\\\%*"'))).toEqual([]);
  });

  it('filters arrays with cs/ov and json columns with eq on text', async () => {
    expect(await ids((t) => t.select('id').contains('labels', ['casa']))).toEqual([1, 2]);
    expect(await ids((t) => t.select('id').overlaps('labels', ['trabalho', 'rápido']))).toEqual([1, 4]);
  });
});

describe('order, paging and counts', () => {
  it('orders by several columns with nulls first/last', async () => {
    const { data } = await fx.as(ALICE).from('todos').select('title').order('priority', { ascending: false, nullsFirst: true }).order('id');
    expect(titles(data)).toEqual(['Ler "Dom Casmurro", cap. 1', 'Pagar contas', 'Revisar proposta', 'Comprar pão']);
    const last = await fx.as(ALICE).from('todos').select('title').order('priority', { ascending: true, nullsFirst: false });
    expect(titles(last.data)[3]).toBe('Ler "Dom Casmurro", cap. 1');
  });

  it('orders by a column of a to-one embed, and refuses a to-many one', async () => {
    const { data, error } = await fx.as(ALICE).from('todos').select('id, owner:owners!todos_owner_id_fkey(name)')
      .order('owner(name)', { ascending: false }).order('id');
    expect(error).toBeNull();
    expect((data as { id: number }[]).map((r) => r.id)).toEqual([4, 1, 2, 3]);
    const many = await fx.as(ALICE).from('todos').select('id, tags(name)').order('tags(name)');
    expect(many.status).toBe(400);
    expect(many.error).toMatchObject({ code: 'PGRST118' });
    const unknown = await fx.as(ALICE).from('todos').select('id, owner:owners!todos_owner_id_fkey(name)').order('owner(nope)');
    expect(unknown.error).toMatchObject({ code: '42703', message: 'column owners.nope does not exist' });
  });

  it('pages with range and reports Content-Range, 206 when partial, and the exact count', async () => {
    const { data, count, status } = await fx.as(ALICE).from('todos').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(4);
    expect(status).toBe(206);
    const all = await fx.as(ALICE).from('todos').select('id', { count: 'planned' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);
    const head = await fx.as(ALICE).from('todos').select('*', { count: 'exact', head: true }).eq('done', false);
    expect(head).toMatchObject({ data: null, count: 3, status: 200, error: null });
  });

  it('answers 416 PGRST103 when the offset is beyond the total', async () => {
    const { error, status } = await fx.as(ALICE).from('todos').select('id', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
  });

  it('always sends Content-Range, and honours a Range header', async () => {
    const res = await fx.raw('/todos?select=id&order=id', { bearer: await fx.token(ALICE), headers: { Range: '1-2' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('1-2/*');
    expect(await res.json()).toEqual([{ id: 2 }, { id: 3 }]);
    const empty = await fx.raw('/todos?id=eq.999', { bearer: await fx.token(ALICE) });
    expect(empty.headers.get('content-range')).toBe('*/*');
    expect(await empty.json()).toEqual([]);
  });
});

describe('single objects', () => {
  it('.single() gives the bare object, and 406 PGRST116 for zero or many rows', async () => {
    const one = await fx.as(ALICE).from('todos').select('id, title').eq('id', 1).single();
    expect(one).toMatchObject({ status: 200, data: { id: 1, title: 'Comprar pão' }, error: null });
    const none = await fx.as(ALICE).from('todos').select('id').eq('id', 5).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null });
    const many = await fx.as(ALICE).from('todos').select('id').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  it('.maybeSingle() gives null for no row', async () => {
    const { data, error } = await fx.as(ALICE).from('todos').select('id').eq('id', 5).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('row-level security decides what each role reads', () => {
  it('each user sees only rows their policies allow; anon sees none of them', async () => {
    const alice = await fx.as(ALICE).from('todos').select('id').order('id');
    expect(alice.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    const bob = await fx.as(BOB).from('todos').select('id').order('id');
    expect(bob.data).toEqual([{ id: 2 }, { id: 4 }, { id: 5 }]);
    const anon = await fx.as('anon').from('todos').select('id');
    expect(anon).toMatchObject({ data: [], error: null, status: 200 });
    const settings = await fx.as('anon').from('settings').select('value').single();
    expect(settings.data).toEqual({ value: 'Portal IA' });
  });

  it('the service role bypasses RLS', async () => {
    const { count } = await fx.as('service').from('todos').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThanOrEqual(5);
  });

  it('runs the query as the JWT\'s role with request.jwt.claims set', async () => {
    const { data } = await fx.as(BOB).rpc('whoami');
    expect(data).toEqual({ role: 'authenticated', sub: BOB, method: 'POST' });
    const anon = await fx.as('anon').rpc('whoami', {}, { get: true });
    expect(anon.data).toEqual({ role: 'anon', sub: null, method: 'GET' });
  });
});
