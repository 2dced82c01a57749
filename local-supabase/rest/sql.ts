// PlanNode → parameterised SQL. Identifiers come from the catalog (validated in plan.ts) and are always
// double-quoted; every value is a bound parameter ($n). Embeds are correlated subqueries, so the
// embedded table's own row-level security applies to them.
import { RestError } from './errors.ts';
import type { JsonStep, Operator, PlanColumn, PlanCondition, PlanNode, PlanOrder, RenderedSql } from './types.ts';

/** Postgres accepts at most 65535 bound parameters per statement. */
const MAX_PARAMS = 30_000;

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const relation = (name: string) => `"public".${ident(name)}`;

export class SqlBuilder {
  readonly params: (string | null)[] = [];
  private aliases = 0;
  bind(value: string | null): string {
    if (this.params.length >= MAX_PARAMS) throw new RestError(413, '54000', 'The request has too many values', `At most ${MAX_PARAMS} values can be bound in one request.`);
    this.params.push(value);
    return `$${this.params.length}`;
  }
  alias(): string {
    return `t${this.aliases++}`;
  }
}

/** `t0."meta"->$1->>$2`: JSON keys are parameters too (array indexes typed as integers). */
function field(alias: string, name: string, json: JsonStep[] | undefined, b: SqlBuilder): string {
  let sql = `${alias}.${ident(name)}`;
  for (const step of json ?? []) sql += `${step.arrow}${b.bind(step.key)}::${/^-?\d+$/.test(step.key) ? 'integer' : 'text'}`;
  return json?.length ? `(${sql})` : sql;
}

const COMPARE: Partial<Record<Operator, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  isdistinct: 'is distinct from', cs: '@>', cd: '<@', ov: '&&',
};
const TSQUERY: Partial<Record<Operator, string>> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };

export function renderCondition(c: PlanCondition, alias: string, b: SqlBuilder): string {
  let expr: string;
  if (c.kind === 'logic') {
    const joined = c.conditions.map((x) => renderCondition(x, alias, b)).join(c.op === 'and' ? ' and ' : ' or ');
    if (c.negate) return `not (${joined})`;
    return `(${joined})`;
  } else if (c.kind === 'exists') {
    return `${c.negate ? 'not ' : ''}exists (${renderSubquery(c.node, alias, b, '1', false)})`;
  } else {
    const col = field(alias, c.column, c.json, b);
    const value = c.value;
    if (c.op === 'is') expr = `${col} is ${IS[value as string] ?? 'null'}`;
    else if (c.op === 'in') {
      const list = value as string[];
      expr = list.length === 0 ? 'false' : `${col} in (${list.map((v) => b.bind(v)).join(', ')})`;
    } else if (TSQUERY[c.op]) {
      const config = c.config !== undefined ? `${b.bind(c.config)}::regconfig, ` : '';
      expr = `to_tsvector(${config}${col}) @@ ${TSQUERY[c.op]}(${config}${b.bind(value as string)})`;
    } else {
      const v = c.op === 'like' || c.op === 'ilike' ? (value as string).replace(/\*/g, '%') : (value as string);
      expr = c.quantifier ? `${col} ${COMPARE[c.op]} ${c.quantifier}(${b.bind(v)})` : `${col} ${COMPARE[c.op]} ${b.bind(v)}`;
    }
  }
  return c.negate ? `not (${expr})` : expr;
}

function renderColumns(columns: PlanColumn[], alias: string, b: SqlBuilder): string {
  const parts: string[] = [];
  for (const c of columns) {
    if (c.kind === 'star') parts.push(`${alias}.*`);
    else if (c.kind === 'column') parts.push(`${field(alias, c.name, c.json, b)}${c.cast ? `::${c.cast}` : ''} as ${ident(c.key)}`);
    else if (c.spread) parts.push(...renderSpread(c.node, alias, b));
    else if (c.output) parts.push(`(${renderEmbed(c.node, alias, b)}) as ${ident(c.key)}`);
  }
  return parts.join(', ');
}

/** `...owner(name, tags(x))`: each field of a to-one embed as its own scalar subquery on the parent row. */
function renderSpread(node: PlanNode, parentAlias: string, b: SqlBuilder): string[] {
  const out: string[] = [];
  for (const c of node.columns) {
    if (c.kind === 'star' || (c.kind === 'embed' && !c.output)) continue;
    const a = b.alias();
    const expr = c.kind === 'column' ? `${field(a, c.name, c.json, b)}${c.cast ? `::${c.cast}` : ''}` : `(${renderEmbed(c.node, a, b)})`;
    const join = (node.join ?? []).map(([p, col]) => `${a}.${ident(col)} = ${parentAlias}.${ident(p)}`);
    out.push(`(select ${expr} from ${relation(node.relation)} ${a}${clauses({ ...node, order: [], limit: undefined, offset: undefined }, a, b, join, false)}) as ${ident(c.key)}`);
  }
  return out;
}

function clauses(node: PlanNode, alias: string, b: SqlBuilder, extra: string[], paging: boolean): string {
  const where = [...extra, ...node.where.map((c) => renderCondition(c, alias, b))];
  let sql = where.length ? ` where ${where.join(' and ')}` : '';
  if (paging) {
    if (node.order.length) {
      sql += ` order by ${node.order.map((o) => `${orderTarget(o, alias, b)} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`).join(', ')}`;
    }
    if (node.limit !== undefined) sql += ` limit ${b.bind(String(node.limit))}`;
    if (node.offset !== undefined && node.offset > 0) sql += ` offset ${b.bind(String(node.offset))}`;
  }
  return sql;
}

/** A column of this row, or of its to-one embed as a scalar subquery. */
function orderTarget(o: PlanOrder, alias: string, b: SqlBuilder): string {
  if (!o.embed) return field(alias, o.column, o.json, b);
  const a = b.alias();
  const join = (o.embed.join ?? []).map(([p, c]) => `${a}.${ident(c)} = ${alias}.${ident(p)}`).join(' and ');
  return `(select ${field(a, o.column, o.json, b)} from ${relation(o.embed.relation)} ${a} where ${join})`;
}

/** `select <what> from <child> where <join with parent> and <child filters> [order/limit]`. */
function renderSubquery(node: PlanNode, parentAlias: string, b: SqlBuilder, what: string | null, paging: boolean): string {
  const a = b.alias();
  const join = (node.join ?? []).map(([p, c]) => `${a}.${ident(c)} = ${parentAlias}.${ident(p)}`);
  const list = what ?? renderColumns(node.columns, a, b);
  return `select ${list} from ${relation(node.relation)} ${a}${clauses(node, a, b, join, paging)}`;
}

function renderEmbed(node: PlanNode, parentAlias: string, b: SqlBuilder): string {
  const inner = renderSubquery(node, parentAlias, b, null, true);
  const row = `${ident(`${b.alias()}_row`)}`;
  return node.toOne
    ? `select row_to_json(${row}.*) from (${inner}) ${row}`
    : `select coalesce(json_agg(${row}.*), '[]'::json) from (${inner}) ${row}`;
}

/** The root `select` of a read: columns and embeds of `node` from `from` (a relation or a function call) aliased t0. */
export function renderRoot(node: PlanNode, b: SqlBuilder, from = relation(node.relation)): { select: string; where: string } {
  const a = b.alias();
  const list = renderColumns(node.columns, a, b);
  const filtersOnly = { ...node, order: [], limit: undefined, offset: undefined };
  const where = clauses(filtersOnly, a, b, [], false);
  const paging = clauses({ ...node, where: [] }, a, b, [], true);
  return { select: `select ${list} from ${from} ${a}${where}${paging}`, where: `from ${from} ${a}${where}` };
}

/**
 * The statement that answers a read: the JSON body, the number of rows, and (with `count`) the total
 * matching rows without limit/offset.
 */
export function renderRead(node: PlanNode, opts: { count: boolean; from?: string; builder?: SqlBuilder } = { count: false }): RenderedSql {
  const b = opts.builder ?? new SqlBuilder();
  const root = renderRoot(node, b, opts.from);
  const total = opts.count ? `, (select count(*) ${root.where})::bigint::text as total` : '';
  return {
    sql: `select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n${total} from (${root.select}) "pgrst_r"`,
    params: b.params,
  };
}

/** Wraps a data-modifying statement that ends in `returning *` so its rows come back shaped by `node`. */
function withRepresentation(statement: string, node: PlanNode, b: SqlBuilder, target = '*'): string {
  const root = renderRoot({ ...node, where: [], limit: undefined, offset: undefined }, b, '"pgrst_source"');
  return `with "pgrst_source" as (${statement} returning ${target}) select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n from (${root.select}) "pgrst_r"`;
}

export interface InsertSpec {
  relation: string;
  columns: string[];
  /** The payload as a JSON array of objects. */
  rows: unknown[];
  missingDefault: boolean;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  /** Shape of the returned rows; undefined = no RETURNING (Prefer: return=minimal). */
  returning?: PlanNode;
}

export function renderInsert(spec: InsertSpec): RenderedSql {
  const b = new SqlBuilder();
  const target = relation(spec.relation);
  const cols = spec.columns.map(ident).join(', ');
  let sql: string;
  if (spec.missingDefault && spec.columns.length > 0) {
    const values = spec.rows.map((row) => {
      const obj = row as Record<string, unknown>;
      const p = spec.columns.some((c) => c in obj) ? b.bind(JSON.stringify(row)) : '';
      return `(${spec.columns.map((c) => (c in obj ? `(json_populate_record(null::${target}, ${p}::json)).${ident(c)}` : 'default')).join(', ')})`;
    });
    sql = `insert into ${target} (${cols}) values ${values.join(', ')}`;
  } else {
    const source = `from json_populate_recordset(null::${target}, ${b.bind(JSON.stringify(spec.rows))}::json)`;
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
  return { sql: spec.returning ? withRepresentation(sql, spec.returning, b) : sql, params: b.params };
}

export interface UpdateSpec { target: PlanNode; columns: string[]; row: unknown; returning?: PlanNode }

export function renderUpdate(spec: UpdateSpec): RenderedSql {
  const b = new SqlBuilder();
  const a = b.alias();
  const target = relation(spec.target.relation);
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
  const sql = `delete from ${relation(spec.target.relation)} ${a}${where}`;
  return { sql: spec.returning ? withRepresentation(sql, spec.returning, b, `${a}.*`) : sql, params: b.params };
}

/** `"public"."fn"("a" := $1::integer, ...)` — argument names and types come from the catalog. */
export function renderCall(fn: string, args: { name: string; type: string; value: string | null }[], b: SqlBuilder): string {
  return `"public".${ident(fn)}(${args.map((a) => `${a.name ? `${ident(a.name)} := ` : ''}${b.bind(a.value)}::${a.type}`).join(', ')})`;
}
