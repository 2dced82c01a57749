// The SQL renderer of local-supabase/rest, as a table of { tree, sql, params }: identifiers quoted,
// every value a bound parameter, embeds as correlated subqueries.
import { describe, expect, it } from 'vitest';
import { renderRead } from '../../local-supabase/rest/sql.ts';
import { renderDelete, renderInsert, renderUpdate } from '../../local-supabase/rest/sql-write.ts';
import type { PlanNode, RenderedSql } from '../../local-supabase/rest/types.ts';

const node = (x: Partial<PlanNode>): PlanNode => ({ relation: 'todos', columns: [{ kind: 'star' }], where: [], order: [], ...x });
const WRAP = (inner: string, total = '') =>
  `select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n${total} from (${inner}) "pgrst_r"`;

const owner: PlanNode = { relation: 'owners', columns: [{ kind: 'column', name: 'name', key: 'name' }], where: [], order: [], join: [['owner_id', 'id']], toOne: true };
const tags: PlanNode = {
  relation: 'tags', columns: [{ kind: 'column', name: 'name', key: 'name' }],
  where: [{ kind: 'filter', column: 'name', op: 'neq', negate: false, value: 'x' }],
  order: [{ column: 'name', dir: 'asc' }], limit: 2, join: [['id', 'todo_id']], toOne: false,
};

const cases: { name: string; tree: () => RenderedSql; sql: string; params: (string | null)[] }[] = [
  {
    name: 'columns, alias, cast, filter, order, limit, offset and exact count',
    tree: () => renderRead(node({
      columns: [{ kind: 'column', name: 'id', key: 'id' }, { kind: 'column', name: 'title', key: 'titulo', cast: 'text' }],
      where: [{ kind: 'filter', column: 'id', op: 'eq', negate: false, value: '5' }],
      order: [{ column: 'id', dir: 'desc', nulls: 'last' }], limit: 10, offset: 20,
    }), { count: true }),
    sql: WRAP(
      `select t0."id" as "id", t0."title"::text as "titulo" from "public"."todos" t0 where t0."id" = $1 order by t0."id" desc nulls last limit $2 offset $3`,
      `, (select count(*) from "public"."todos" t0 where t0."id" = $1)::bigint::text as total`,
    ),
    params: ['5', '10', '20'],
  },
  {
    name: 'every kind of filter binds its value; is and empty in need none',
    tree: () => renderRead(node({ where: [
      { kind: 'filter', column: 'title', op: 'ilike', negate: true, value: '*pão*' },
      { kind: 'filter', column: 'done', op: 'is', negate: false, value: 'null' },
      { kind: 'filter', column: 'id', op: 'in', negate: false, value: ['1', '2'] },
      { kind: 'filter', column: 'id', op: 'in', negate: false, value: [] },
      { kind: 'logic', op: 'or', negate: true, conditions: [
        { kind: 'filter', column: 'priority', op: 'gt', negate: false, value: '2' },
        { kind: 'filter', column: 'labels', op: 'cs', negate: false, value: '{a}' },
      ] },
      { kind: 'filter', column: 'title', op: 'fts', negate: false, value: 'pão', config: 'portuguese' },
    ] })),
    sql: WRAP(`select t0.* from "public"."todos" t0 where not (t0."title" ilike $1) and t0."done" is null and t0."id" in ($2, $3) and false` +
      ` and not (t0."priority" > $4 or t0."labels" @> $5) and to_tsvector($6::regconfig, t0."title") @@ to_tsquery($6::regconfig, $7)`),
    params: ['%pão%', '1', '2', '2', '{a}', 'portuguese', 'pão'],
  },
  {
    name: 'hostile values stay parameters and hostile names stay quoted',
    tree: () => renderRead(node({ relation: 'we"ird', where: [{ kind: 'filter', column: 'a"; drop table x; --', op: 'eq', negate: false, value: "'; drop table todos; --" }] })),
    sql: WRAP(`select t0.* from "public"."we""ird" t0 where t0."a""; drop table x; --" = $1`),
    params: ["'; drop table todos; --"],
  },
  {
    name: 'a to-one embed, a to-many embed with its own filter/order/limit, and !inner as exists',
    tree: () => renderRead(node({
      columns: [{ kind: 'column', name: 'id', key: 'id' }, { kind: 'embed', key: 'owner', node: owner, output: true }, { kind: 'embed', key: 'tags', node: tags, output: true }],
      where: [{ kind: 'exists', negate: false, node: tags }],
    })),
    sql: WRAP(`select t0."id" as "id", ` +
      `(select row_to_json("t2_row".*) from (select t1."name" as "name" from "public"."owners" t1 where t1."id" = t0."owner_id") "t2_row") as "owner", ` +
      `(select coalesce(json_agg("t4_row".*), '[]'::json) from (select t3."name" as "name" from "public"."tags" t3 where t3."todo_id" = t0."id" and t3."name" <> $1 order by t3."name" asc limit $2) "t4_row") as "tags" ` +
      `from "public"."todos" t0 where exists (select 1 from "public"."tags" t5 where t5."todo_id" = t0."id" and t5."name" <> $3)`),
    params: ['x', '2', 'x'],
  },
  {
    name: 'JSON path keys are bound parameters too (array indexes as integers)',
    tree: () => renderRead(node({
      columns: [{ kind: 'column', name: 'meta', key: 'first', json: [{ arrow: '->', key: 'tags' }, { arrow: '->>', key: '0' }] }],
      where: [{ kind: 'filter', column: 'meta', json: [{ arrow: '->>', key: "a'b" }], op: 'eq', negate: false, value: 'x' }],
      order: [{ column: 'meta', json: [{ arrow: '->>', key: 'n' }], dir: 'asc' }],
    })),
    sql: WRAP(`select (t0."meta"->$1::text->>$2::integer) as "first" from "public"."todos" t0 where (t0."meta"->>$3::text) = $4 order by (t0."meta"->>$5::text) asc`),
    params: ['tags', '0', "a'b", 'x', 'n'],
  },
  {
    name: 'ordering by a to-one embed\'s column is a scalar subquery',
    tree: () => renderRead(node({ order: [{ column: 'name', dir: 'desc', nulls: 'last', embed: { ...owner, columns: [] } }] })),
    sql: WRAP(`select t0.* from "public"."todos" t0 order by (select t1."name" from "public"."owners" t1 where t1."id" = t0."owner_id") desc nulls last`),
    params: [],
  },
  {
    name: 'insert of several rows through json_populate_recordset',
    tree: () => renderInsert({ relation: 'todos', columns: ['title', 'done'], rows: [{ title: 'a', done: true }, { title: 'b' }], missingDefault: false }),
    sql: `insert into "public"."todos" ("title", "done") select "title", "done" from json_populate_recordset(null::"public"."todos", $1::json)`,
    params: ['[{"title":"a","done":true},{"title":"b"}]'],
  },
  {
    name: 'insert with missing=default overlays each row on the payload columns\' defaults, evaluated once per row',
    tree: () =>
      renderInsert({
        relation: 'todos',
        columns: ['id', 'title', 'done'],
        rows: [{ title: 'a', done: true }, { id: 9, title: 'b' }],
        missingDefault: true,
        defaults: { id: "nextval('todos_id_seq'::regclass)", done: 'false' },
      }),
    sql: `insert into "public"."todos" ("id", "title", "done") select "id", "title", "done" from jsonb_populate_recordset(null::"public"."todos", ` +
      `(select coalesce(jsonb_agg(jsonb_build_object($1::text, (nextval('todos_id_seq'::regclass)), $2::text, null, $3::text, (false)) || "pgrst_e"."v" order by "pgrst_e"."o"), '[]') ` +
      `from jsonb_array_elements($4::jsonb) with ordinality "pgrst_e"("v", "o")))`,
    params: ['id', 'title', 'done', '[{"title":"a","done":true},{"id":9,"title":"b"}]'],
  },
  {
    name: 'upsert merging duplicates, returning the representation',
    tree: () => renderInsert({ relation: 'todos', columns: ['id', 'title'], rows: [{ id: 1, title: 'a' }], missingDefault: false, onConflict: { columns: ['id'], action: 'merge' }, returning: node({}) }),
    sql: `with "pgrst_source" as (insert into "public"."todos" ("id", "title") select "id", "title" from json_populate_recordset(null::"public"."todos", $1::json) ` +
      `on conflict ("id") do update set "id" = excluded."id", "title" = excluded."title" returning *) ` +
      `select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n from (select t0.* from "pgrst_source" t0) "pgrst_r"`,
    params: ['[{"id":1,"title":"a"}]'],
  },
  {
    name: 'upsert ignoring duplicates',
    tree: () => renderInsert({ relation: 'tags', columns: ['todo_id', 'name'], rows: [{ todo_id: 1, name: 'a' }], missingDefault: false, onConflict: { columns: ['todo_id', 'name'], action: 'ignore' } }),
    sql: `insert into "public"."tags" ("todo_id", "name") select "todo_id", "name" from json_populate_recordset(null::"public"."tags", $1::json) on conflict ("todo_id", "name") do nothing`,
    params: ['[{"todo_id":1,"name":"a"}]'],
  },
  {
    name: 'update with filters, returning selected columns',
    tree: () => renderUpdate({
      target: node({ where: [{ kind: 'filter', column: 'id', op: 'eq', negate: false, value: '1' }] }), columns: ['done'], row: { done: true },
      returning: node({ columns: [{ kind: 'column', name: 'id', key: 'id' }] }),
    }),
    sql: `with "pgrst_source" as (update "public"."todos" t0 set "done" = "pgrst_body"."done" from (select * from json_populate_record(null::"public"."todos", $1::json)) "pgrst_body" ` +
      `where t0."id" = $2 returning t0.*) select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n from (select t1."id" as "id" from "pgrst_source" t1) "pgrst_r"`,
    params: ['{"done":true}', '1'],
  },
  {
    name: 'delete with a filter and no representation',
    tree: () => renderDelete({ target: node({ where: [{ kind: 'filter', column: 'id', op: 'lt', negate: false, value: '3' }] }) }),
    sql: `delete from "public"."todos" t0 where t0."id" < $1`,
    params: ['3'],
  },
];

describe('rest SQL renderer: tree → { sql, params }', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(c.tree()).toEqual({ sql: c.sql, params: c.params });
    });
  }
});
