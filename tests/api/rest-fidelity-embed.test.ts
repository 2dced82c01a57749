// PostgREST's embedding and read semantics through supabase-js: self-references, duplicate embed names, many-to-many,
// computed fields and relationships, to-many spread, range and full-text operators, counts, profiles, aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIDELITY_SQL } from './rest-fidelity-fixture.ts';
import { startRestFixture, type RestFixture } from './rest-fixture.ts';

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(FIDELITY_SQL); });
afterAll(async () => { await fx?.stop(); });
const db = () => fx.as('service');

describe('self-referencing tables', () => {
  it('embeds the children array under the table name and the parent under the FK column', async () => {
    const { data, error } = await db().from('collections').select('id, children:collections(id), parent:parent_id(id)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, children: [{ id: 2 }, { id: 3 }], parent: null },
      { id: 2, children: [{ id: 4 }], parent: { id: 1 } },
      { id: 3, children: [], parent: { id: 1 } },
      { id: 4, children: [], parent: { id: 2 } },
    ]);
  });

  it('takes the children FK column as hint, and answers PGRST200 for a constraint-name hint', async () => {
    const hinted = await db().from('collections').select('id, collections!parent_id(id)').eq('id', 1);
    expect(hinted.data).toEqual([{ id: 1, collections: [{ id: 2 }, { id: 3 }] }]);
    const { error, status } = await db().from('collections').select('id, collections!collections_parent_id_fkey(id)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST200' });
  });
});

describe('unknown relationships', () => {
  it('answer PGRST200 with a hint naming the related table with the closest name', async () => {
    const { error, status } = await db().from('channels').select('id, mesages(id)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'messages' instead of 'mesages'." });
  });
});

describe('ambiguous embeds and unknown columns name things as PostgREST does', () => {
  it('PGRST201 details list the embedding table\'s columns first: FK side for many-to-one, referenced side for one-to-many', async () => {
    const toOne = await db().from('friendships').select('people(*)');
    expect(toOne.error).toMatchObject({ code: 'PGRST201' });
    expect((toOne.error!.details as unknown as { relationship: string }[]).map((d) => d.relationship)).toEqual([
      'friendships_first_user_fkey using friendships(first_user) and people(username)',
      'friendships_second_user_fkey using friendships(second_user) and people(username)',
    ]);
    const toMany = await db().from('people').select('friendships(*)');
    expect((toMany.error!.details as unknown as { cardinality: string; relationship: string }[])).toEqual([
      expect.objectContaining({ cardinality: 'one-to-many', relationship: 'friendships_first_user_fkey using people(username) and friendships(first_user)' }),
      expect.objectContaining({ cardinality: 'one-to-many', relationship: 'friendships_second_user_fkey using people(username) and friendships(second_user)' }),
    ]);
  });

  it('42703 names an embedded table by its alias name_depth (messages_1), the top table by its name', async () => {
    const nested = await db().from('people').select('username, messages(nope)');
    expect(nested.error).toMatchObject({ code: '42703', message: 'column messages_1.nope does not exist' });
    const deeper = await db().from('people').select('messages(channels(nope))');
    expect(deeper.error).toMatchObject({ code: '42703', message: 'column channels_2.nope does not exist' });
    const top = await db().from('people').select('nope');
    expect(top.error).toMatchObject({ code: '42703', message: 'column people.nope does not exist' });
  });
});

describe('embedding the same table twice', () => {
  it('answers 42712 when two embeds share one name, and embeds both under different aliases', async () => {
    const dup = await db().from('friendships').select('people!first_user(username), people!second_user(username)');
    expect(dup.status).toBe(400);
    expect(dup.error).toMatchObject({ code: '42712' });
    const { data, error } = await db().from('friendships').select('a:people!first_user(username), b:people!second_user(username)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ a: { username: 'supabot' }, b: { username: 'kiwicopple' } }, { a: { username: 'awailas' }, b: { username: 'dragarcia' } }]);
  });
});

describe('many-to-many through a junction table', () => {
  it('embeds the far table as an array, filtered inside the embed and with !inner', async () => {
    const { data, error } = await db().from('products').select('name, categories(name)').order('id').order('name', { referencedTable: 'categories' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Notebook', categories: [{ name: 'Electronics' }, { name: 'Office' }] },
      { name: 'Phone', categories: [{ name: 'Electronics' }] },
      { name: 'Desk', categories: [{ name: 'Office' }] },
    ]);
    const inner = await db().from('categories').select('name, products!inner(name)').eq('products.name', 'Desk');
    expect(inner.data).toEqual([{ name: 'Office', products: [{ name: 'Desk' }] }]);
  });
});

describe('computed fields and computed relationships', () => {
  it('selects, filters and orders by a computed field', async () => {
    const { data, error } = await db().from('messages').select('id, blurb').eq('blurb', 'Hel');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, blurb: 'Hel' }]);
  });

  it('embeds a set-returning function of the row as an array, and a rows-1 one as an object', async () => {
    const { data, error } = await db().from('channels').select('slug, channel_messages(id), first_message(message)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'public', channel_messages: [{ id: 1 }, { id: 3 }], first_message: { message: 'Hello World 👋' } },
      { slug: 'random', channel_messages: [{ id: 2 }], first_message: { message: 'Perfection is attained' } },
    ]);
  });
});

describe('nested spread', () => {
  it('lifts the fields of a spread inside a spread to the row', async () => {
    const { data, error } = await db().from('messages').select('id, ...channels(slug, ...channel_details(details))').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, slug: 'public', details: 'Main channel' },
      { id: 2, slug: 'random', details: null },
      { id: 3, slug: 'public', details: 'Main channel' },
    ]);
  });
});

describe('spread on a to-many relationship', () => {
  it('spreads each field as an array of the related values', async () => {
    const { data, error } = await db().from('channels').select('slug, ...messages(message)').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'random', message: ['Perfection is attained'] }]);
  });
});

describe('operators', () => {
  it('filters ranges with sl, sr, nxl, nxr and adj', async () => {
    const names = async (q: PromiseLike<{ data: { username: string }[] | null }>) => ((await q).data ?? []).map((r) => r.username).sort();
    expect(await names(db().from('people').select('username').rangeLt('age_range', '[2,25]'))).toEqual(['supabot']);
    expect(await names(db().from('people').select('username').rangeGt('age_range', '[2,25]'))).toEqual([]);
    expect(await names(db().from('people').select('username').rangeGte('age_range', '[2,25]'))).toEqual(['awailas', 'dragarcia', 'kiwicopple']);
    expect(await names(db().from('people').select('username').rangeLte('age_range', '[2,20]'))).toEqual(['supabot']);
    expect(await names(db().from('people').select('username').rangeAdjacent('age_range', '[2,25]'))).toEqual(['supabot']);
  });

  it('runs fts, plfts, phfts and wfts on a tsvector column as it is', async () => {
    const names = async (type: 'plain' | 'phrase' | 'websearch' | undefined, q: string) =>
      ((await db().from('people').select('username').textSearch('catchphrase', q, type ? { type } : {})).data ?? []).map((r) => r.username).sort();
    expect(await names(undefined, "'fat' & 'cat'")).toEqual(['supabot']);
    expect(await names('plain', 'cat')).toEqual(['kiwicopple', 'supabot']);
    expect(await names('phrase', 'cat')).toEqual(['kiwicopple', 'supabot']);
    expect(await names('websearch', 'bat -rat')).toEqual(['kiwicopple']);
  });
});

describe('counts', () => {
  it('HEAD with count=planned answers with the planner estimate', async () => {
    const res = await fx.raw('/people?select=username', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
    const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
    expect(Number.isInteger(total)).toBe(true);
    expect(res.status).toBe(total > 4 ? 206 : 200);
  });

  it('count=exact on an RPC result reports the total', async () => {
    const { data, count } = await db().rpc('messages_of', { search_username: 'supabot' }, { count: 'exact' });
    expect(data).toHaveLength(2);
    expect(count).toBe(2);
  });
});

describe('profiles', () => {
  it('reads the second exposed schema with Accept-Profile and refuses an unexposed one with PGRST106', async () => {
    const { data, error } = await db().schema('personal').from('people').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'supabot', status: 'ONLINE' }]);
    const bad = await db().schema('auth').from('users').select('*');
    expect(bad.status).toBe(406);
    expect(bad.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public, personal' });
  });

  it('names the schema of the answer in Content-Profile', async () => {
    const res = await fx.raw('/people?select=username', { headers: { 'Accept-Profile': 'personal' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-profile')).toBe('personal');
    expect((await fx.raw('/people?select=username')).headers.get('content-profile')).toBe('public');
  });

  it('writes to the second schema with Content-Profile', async () => {
    const { error, status } = await db().schema('personal').from('people').insert({ username: 'kiwicopple', status: 'OFFLINE' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { data } = await db().schema('personal').from('people').select('username').order('username');
    expect(data).toEqual([{ username: 'kiwicopple' }, { username: 'supabot' }]);
  });
});

describe('aggregates', () => {
  it('are refused with PGRST123 while db-aggregates-enabled is off, and run grouped once it is on', async () => {
    const off = await db().from('messages').select('username, count()');
    expect(off.status).toBe(400);
    expect(off.error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    await fx.sb.pg.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    try {
      const { data, error } = await db().from('messages').select('username, count(), id.max()').order('username');
      expect(error).toBeNull();
      expect(data).toEqual([{ username: 'kiwicopple', count: 1, max: 3 }, { username: 'supabot', count: 2, max: 2 }]);
      const sum = await db().from('products').select('total:price.sum()');
      expect(sum.data).toEqual([{ total: 1649.49 }]);
      const perParent = await db().from('channels').select('slug, messages(count())').order('id');
      expect(perParent.data).toEqual([{ slug: 'public', messages: [{ count: 2 }] }, { slug: 'random', messages: [{ count: 1 }] }]);
      const spread = await db().from('channels').select('slug, ...messages(id.max())');
      expect(spread.status).toBe(400);
      expect(spread.error).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });
    } finally {
      await fx.sb.pg.exec(`alter role authenticator reset pgrst.db_aggregates_enabled`);
    }
  });

  it('a bare count in an embed (messages(count)) is count(); an aggregate groups by what its embeds and spreads join on', async () => {
    await fx.sb.pg.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    try {
      const bare = await db().from('channels').select('slug, messages(count)').order('id');
      expect(bare.error).toBeNull();
      expect(bare.data).toEqual([{ slug: 'public', messages: [{ count: 2 }] }, { slug: 'random', messages: [{ count: 1 }] }]);
      const withSpread = await db().from('messages').select('channels(count(), ...channel_details(details))').order('id');
      expect(withSpread.error).toBeNull();
      expect(withSpread.data).toEqual([
        { channels: { count: 1, details: 'Main channel' } }, { channels: { count: 1, details: null } }, { channels: { count: 1, details: 'Main channel' } },
      ]);
      const withEmbed = await db().from('channels').select('id.sum(), channel_details(details)').order('id');
      expect(withEmbed.error).toBeNull();
      expect(withEmbed.data).toEqual([{ sum: 1, channel_details: { details: 'Main channel' } }, { sum: 2, channel_details: null }]);
    } finally {
      await fx.sb.pg.exec(`alter role authenticator reset pgrst.db_aggregates_enabled`);
    }
  });
});

describe('output formats', () => {
  it('answers text/csv with a header line, then each row as Postgres writes a record (fields with spaces quoted)', async () => {
    const { data, error } = await db().from('messages').select('id, message, username').in('id', [1, 2]).order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe('id,message,username\n1,"Hello World 👋",supabot\n2,"Perfection is attained",supabot');
  });

  it('writes every CSV value in its Postgres text form: booleans as t/f, arrays, jsonb spacing, ranges, NULL as nothing, empty text quoted', async () => {
    await fx.sb.pg.exec(`
      create table if not exists public.csv_kinds (id int primary key, flag boolean, tags text[], doc jsonb, note text, empty text, during int4range, at timestamptz);
      grant all on public.csv_kinds to anon, authenticated, service_role;
      insert into public.csv_kinds values (1, true, array['a', 'b c'], '{"b": [1, 2], "a": null}', null, '', '[1,5)', '2024-06-15 10:00:00+00')
      on conflict do nothing;`);
    const { data, error } = await db().from('csv_kinds').select('*').csv();
    expect(error).toBeNull();
    expect(data).toBe('id,flag,tags,doc,note,empty,during,at\n'
      + '1,t,"{a,""b c""}","{""a"": null, ""b"": [1, 2]}",,"","[1,5)","2024-06-15 10:00:00+00"');
  });

  it('leaves out null values with nulls=stripped (.stripNulls()), for arrays and single objects', async () => {
    const { data, error } = await db().from('collections').select('id, parent_id').in('id', [1, 2]).order('id').stripNulls();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2, parent_id: 1 }]);
    const one = await db().from('collections').select('id, parent_id').eq('id', 1).single().stripNulls();
    expect(one.data).toEqual({ id: 1 });
  });
});
