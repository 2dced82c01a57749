// Writes → parameterised SQL: INSERT (with upsert), UPDATE and DELETE, each optionally returning its rows shaped by a
// PlanNode (the same rendering as a read, over the statement's `returning` rows). Values are bound parameters.
import { SqlBuilder, clauses, ident, relation, renderRoot } from './sql.ts';
import type { PlanNode, RenderedSql } from './types.ts';

/** Wraps a data-modifying statement that ends in `returning *` so its rows come back shaped by `node`. */
function withRepresentation(statement: string, node: PlanNode, b: SqlBuilder, target = '*'): string {
  const root = renderRoot({ ...node, where: [], limit: undefined, offset: undefined }, b, '"pgrst_source"');
  return `with "pgrst_source" as (${statement} returning ${target}) select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n from (${root.select}) "pgrst_r"`;
}

/**
 * An upsert that also tells how many rows it inserted (a row whose xmax is 0 was inserted, not updated):
 * one row with `n`, `inserted` and, when `node` is given, the representation as `body`.
 */
function withInsertedCount(statement: string, alias: string, node: PlanNode | undefined, b: SqlBuilder): string {
  const all = `with "pgrst_all" as (${statement} returning ${alias} as "r", (${alias}.xmax::text = '0') as "i")`;
  const inserted = `(select count(*) filter (where "i") from "pgrst_all")::int as inserted`;
  if (!node) return `${all} select count(*)::int as n, ${inserted} from "pgrst_all"`;
  const root = renderRoot({ ...node, where: [], limit: undefined, offset: undefined }, b, '"pgrst_source"');
  return `${all}, "pgrst_source" as (select ("r").* from "pgrst_all") select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n, ${inserted} from (${root.select}) "pgrst_r"`;
}

export interface InsertSpec {
  relation: string;
  schema?: string;
  columns: string[];
  /** The payload as a JSON array of objects. */
  rows: unknown[];
  /**
   * Prefer: missing=default. As PostgREST builds it, every row is the payload's defaults (each payload column's
   * default expression, evaluated once per row) overlaid with the row's own values: a volatile default such as an
   * identity's `nextval` runs for every row, also for rows that give the column a value.
   */
  missingDefault: boolean;
  /** The default expression of each payload column that has one (from the catalog). */
  defaults?: Record<string, string>;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  /** Shape of the returned rows; undefined = no RETURNING (Prefer: return=minimal). */
  returning?: PlanNode;
  /** A merging upsert into a table also counts the rows it inserted (the answer is 201 only when some were). */
  upsertStatus?: boolean;
}

export function renderInsert(spec: InsertSpec): RenderedSql {
  const b = new SqlBuilder();
  const counted = spec.upsertStatus && spec.onConflict?.action === 'merge';
  const target = relation(spec.relation, spec.schema) + (counted ? ' as "pgrst_t"' : '');
  const rowType = relation(spec.relation, spec.schema);
  const cols = spec.columns.map(ident).join(', ');
  let sql: string;
  if (spec.missingDefault && spec.columns.length > 0) {
    // jsonb_build_object takes at most 100 arguments: 50 columns per call, the calls concatenated.
    const pairs = spec.columns.map((c) => `${b.bind(c)}::text, ${spec.defaults?.[c] ? `(${spec.defaults[c]})` : 'null'}`);
    const objects: string[] = [];
    for (let i = 0; i < pairs.length; i += 50) objects.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
    const withDefaults = `(select coalesce(jsonb_agg(${objects.join(' || ')} || "pgrst_e"."v" order by "pgrst_e"."o"), '[]') ` +
      `from jsonb_array_elements(${b.bind(JSON.stringify(spec.rows))}::jsonb) with ordinality "pgrst_e"("v", "o"))`;
    sql = `insert into ${target} (${cols}) select ${cols} from jsonb_populate_recordset(null::${rowType}, ${withDefaults})`;
  } else {
    const source = `from json_populate_recordset(null::${rowType}, ${b.bind(JSON.stringify(spec.rows))}::json)`;
    sql = spec.columns.length
      ? `insert into ${target} (${cols}) select ${cols} ${source}`
      : `insert into ${target} select ${source}`;
  }
  if (spec.onConflict) {
    // As PostgREST: merging sets every payload column from the proposed row, the conflict key included.
    sql += ` on conflict (${spec.onConflict.columns.map(ident).join(', ')}) ` +
      (spec.onConflict.action === 'merge' && spec.columns.length
        ? `do update set ${spec.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
        : 'do nothing');
  }
  if (counted) return { sql: withInsertedCount(sql, '"pgrst_t"', spec.returning, b), params: b.params, counted: true };
  return { sql: spec.returning ? withRepresentation(sql, spec.returning, b) : sql, params: b.params };
}

export interface UpdateSpec { target: PlanNode; columns: string[]; row: unknown; returning?: PlanNode }

export function renderUpdate(spec: UpdateSpec): RenderedSql {
  const b = new SqlBuilder();
  const a = b.alias();
  const target = relation(spec.target.relation, spec.target.schema);
  const set = spec.columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  const body = `(select * from json_populate_record(null::${target}, ${b.bind(JSON.stringify(spec.row))}::json)) "pgrst_body"`;
  const where = clauses({ ...spec.target, order: [], limit: undefined, offset: undefined }, a, b, [], false);
  const sql = `update ${target} ${a} set ${set} from ${body}${where}`;
  return { sql: spec.returning ? withRepresentation(sql, spec.returning, b, `${a}.*`) : sql, params: b.params };
}

export interface DeleteSpec { target: PlanNode; returning?: PlanNode }

export function renderDelete(spec: DeleteSpec): RenderedSql {
  const b = new SqlBuilder();
  const a = b.alias();
  const where = clauses({ ...spec.target, order: [], limit: undefined, offset: undefined }, a, b, [], false);
  const sql = `delete from ${relation(spec.target.relation, spec.target.schema)} ${a}${where}`;
  return { sql: spec.returning ? withRepresentation(sql, spec.returning, b, `${a}.*`) : sql, params: b.params };
}
