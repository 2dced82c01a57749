// Table tests for the constructs added to local-supabase/rest for PostgREST fidelity: the grammar ({ input, tree })
// for aggregates and range operators, and the renderer ({ tree, sql, params }) for computed fields, many-to-many,
// computed relationships, to-many spread, tsvector full-text search, aggregates and a second schema.
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../local-supabase/project-config.ts';
import { invalidPreferences, parseQuery } from '../../local-supabase/rest/parse.ts';
import { renderCall, renderRead, SqlBuilder } from '../../local-supabase/rest/sql.ts';
import type { PlanNode, RenderedSql, SelectItem } from '../../local-supabase/rest/types.ts';

const selectOf = (input: string): SelectItem[] => parseQuery(new URLSearchParams(input)).select;

const grammar: { input: string; tree: SelectItem[] }[] = [
  { input: 'select=count()', tree: [{ type: 'column', name: '*', aggregate: 'count' }] },
  { input: 'select=total:price.sum()::int', tree: [{ type: 'column', name: 'price', alias: 'total', aggregate: 'sum', aggregateCast: 'int' }] },
  { input: 'select=username,id.max(),n:count()', tree: [
    { type: 'column', name: 'username' }, { type: 'column', name: 'id', aggregate: 'max' }, { type: 'column', name: '*', alias: 'n', aggregate: 'count' },
  ] },
  { input: 'select=price::numeric.avg()', tree: [{ type: 'column', name: 'price', cast: 'numeric', aggregate: 'avg' }] },
  { input: 'select=slug,messages(count)', tree: [
    { type: 'column', name: 'slug' }, { type: 'embed', name: 'messages', inner: false, select: [{ type: 'column', name: '*', aggregate: 'count' }] },
  ] },
  { input: 'select=count::text,n:count', tree: [{ type: 'column', name: 'count', cast: 'text' }, { type: 'column', name: 'count', alias: 'n' }] },
];

describe('rest grammar: fidelity constructs', () => {
  for (const c of grammar) it(c.input, () => expect(selectOf(c.input)).toEqual(c.tree));

  it('reads the range operators sl, sr, nxl, nxr and adj', () => {
    const q = parseQuery(new URLSearchParams('a=sl.[1,2]&b=sr.[1,2]&c=nxl.[1,2]&d=nxr.[1,2]&e=not.adj.[1,2]'));
    expect(q.filters.map((f) => f.condition)).toEqual(['sl', 'sr', 'nxl', 'nxr', 'adj'].map((op, i) => ({
      type: 'filter', column: 'abcde'[i], negate: op === 'adj', op, value: '[1,2]',
    })));
  });

  it('lists the preferences it does not understand, as written', () => {
    expect(invalidPreferences('return=minimal, bogus=1,count=sometimes, timezone=UTC, handling=strict')).toEqual(['bogus=1', 'count=sometimes']);
    expect(invalidPreferences(undefined)).toEqual([]);
  });

  it('reads [api] schemas from a config.toml, on one line or several', () => {
    expect(parseToml('[api]\nenabled = true\nschemas = ["public", "graphql_public"]\n[db]\nport = 1').get('api')?.get('schemas')).toEqual(['public', 'graphql_public']);
    expect(parseToml('[api]\nschemas = [\n  "public",\n  "personal",\n]\n').get('api')?.get('schemas')).toEqual(['public', 'personal']);
    expect(parseToml('[db]\nschemas = ["x"]\n').get('api')?.get('schemas')).toBeUndefined();
  });
});

const WRAP = (inner: string) => `select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n from (${inner}) "pgrst_r"`;
const node = (x: Partial<PlanNode>): PlanNode => ({ relation: 'messages', columns: [{ kind: 'star' }], where: [], order: [], ...x });

const rendered: { name: string; tree: () => RenderedSql; sql: string; params: (string | null)[] }[] = [
  {
    name: 'a computed field is its function applied to the row, in select, filter and order',
    tree: () => renderRead(node({
      columns: [{ kind: 'column', name: 'blurb', key: 'blurb', computed: true }],
      where: [{ kind: 'filter', column: 'blurb', op: 'eq', negate: false, value: 'Hel', computed: true }],
      order: [{ column: 'blurb', computed: true, dir: 'asc' }],
    })),
    sql: WRAP(`select "public"."blurb"(t0) as "blurb" from "public"."messages" t0 where "public"."blurb"(t0) = $1 order by "public"."blurb"(t0) asc`),
    params: ['Hel'],
  },
  {
    name: 'a many-to-many embed correlates through an EXISTS on the junction table',
    tree: () => renderRead(node({ relation: 'products', columns: [{ kind: 'embed', key: 'categories', output: true, node: {
      relation: 'categories', columns: [{ kind: 'column', name: 'name', key: 'name' }], where: [], order: [], join: [], toOne: false,
      junction: { relation: 'product_categories', toParent: [['id', 'product_id']], toChild: [['id', 'category_id']] },
    } }] })),
    sql: WRAP(`select (select coalesce(json_agg("t2_row".*), '[]'::json) from (select t1."name" as "name" from "public"."categories" t1 where exists (select 1 from "public"."product_categories" t1_j where t1_j."product_id" = t0."id" and t1_j."category_id" = t1."id")) "t2_row") as "categories" from "public"."products" t0`),
    params: [],
  },
  {
    name: 'a computed relationship reads from its function applied to the parent row',
    tree: () => renderRead(node({ relation: 'channels', columns: [{ kind: 'embed', key: 'first_message', output: true, node: {
      relation: 'messages', fn: 'first_message', columns: [{ kind: 'star' }], where: [], order: [], join: [], toOne: true,
    } }] })),
    sql: WRAP(`select (select row_to_json("t2_row".*) from (select t1.* from "public"."first_message"(t0) t1) "t2_row") as "first_message" from "public"."channels" t0`),
    params: [],
  },
  {
    name: 'a to-many spread aggregates each field into a JSON array',
    tree: () => renderRead(node({ relation: 'channels', columns: [{ kind: 'embed', key: 'messages', output: true, spread: true, node: {
      relation: 'messages', columns: [{ kind: 'column', name: 'message', key: 'message' }], where: [], order: [], join: [['id', 'channel_id']], toOne: false,
    } }] })),
    sql: WRAP(`select (select coalesce(json_agg(t1_v."v"), '[]'::json) from (select t1."message" as "v" from "public"."messages" t1 where t1."channel_id" = t0."id") t1_v) as "message" from "public"."channels" t0`),
    params: [],
  },
  {
    name: 'full-text search on a tsvector column uses it without to_tsvector; range operators map to their SQL',
    tree: () => renderRead(node({ relation: 'people', where: [
      { kind: 'filter', column: 'catchphrase', op: 'plfts', negate: false, value: 'cat', config: 'english', tsvector: true },
      { kind: 'filter', column: 'age_range', op: 'nxl', negate: false, value: '[1,2]' },
      { kind: 'filter', column: 'age_range', op: 'adj', negate: true, value: '[1,2]' },
    ] })),
    sql: WRAP(`select t0.* from "public"."people" t0 where t0."catchphrase" @@ plainto_tsquery($1::regconfig, $2) and t0."age_range" &> $3 and not (t0."age_range" -|- $4)`),
    params: ['english', 'cat', '[1,2]', '[1,2]'],
  },
  {
    name: 'aggregates group by the other selected columns, with casts after the call',
    tree: () => renderRead(node({ columns: [
      { kind: 'column', name: 'username', key: 'username' },
      { kind: 'column', name: '*', key: 'count', aggregate: 'count' },
      { kind: 'column', name: 'id', key: 'max', aggregate: 'max', aggregateCast: 'text' },
    ] })),
    sql: WRAP(`select t0."username" as "username", count(*) as "count", max(t0."id")::text as "max" from "public"."messages" t0 group by t0."username"`),
    params: [],
  },
  {
    name: 'a relation of a second schema is qualified with that schema',
    tree: () => renderRead(node({ relation: 'people', schema: 'personal' })),
    sql: WRAP(`select t0.* from "personal"."people" t0`),
    params: [],
  },
];

describe('rest renderer: fidelity constructs', () => {
  for (const c of rendered) {
    it(c.name, () => {
      const out = c.tree();
      expect(out.sql).toBe(c.sql);
      expect(out.params).toEqual(c.params);
    });
  }

  it('builds a row-type argument with json_populate_record and binds its JSON', () => {
    const b = new SqlBuilder();
    expect(renderCall('channel_slug', [{ name: 'channel_row', type: 'channels', value: '{"id":1}', composite: true }], b))
      .toBe(`"public"."channel_slug"("channel_row" := json_populate_record(null::channels, $1::json))`);
    expect(b.params).toEqual(['{"id":1}']);
  });
});
