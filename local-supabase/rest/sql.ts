// PlanNode → parameterised SQL. Identifiers come from the catalog (validated in plan.ts) and are always
// double-quoted; every value is a bound parameter ($n). Embeds are correlated subqueries, so the
// embedded table's own row-level security applies to them. Reads and calls render here; writes in sql-write.ts.
import { RestError } from './errors.ts';
import type { JsonStep, Operator, PlanColumn, PlanCondition, PlanNode, PlanOrder, RenderedSql } from './types.ts';

/** Postgres accepts at most 65535 bound parameters per statement. */
const MAX_PARAMS = 30_000;

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const relation = (name: string, schema = 'public') => `${ident(schema)}.${ident(name)}`;

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

/**
 * `t0."meta"->$1->>$2`: JSON keys are parameters too (array indexes typed as integers). A computed field is its
 * function applied to the row: `"public"."fn"(t0)`.
 */
function field(alias: string, name: string, json: JsonStep[] | undefined, b: SqlBuilder, computed?: { schema?: string } | false): string {
  let sql = computed ? `${relation(name, computed.schema)}(${alias})` : `${alias}.${ident(name)}`;
  for (const step of json ?? []) sql += `${step.arrow}${b.bind(step.key)}::${/^-?\d+$/.test(step.key) ? 'integer' : 'text'}`;
  return json?.length ? `(${sql})` : sql;
}

const COMPARE: Partial<Record<Operator, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  isdistinct: 'is distinct from', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&>', nxr: '&<', adj: '-|-',
};
const TSQUERY: Partial<Record<Operator, string>> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };

export function renderCondition(c: PlanCondition, alias: string, b: SqlBuilder, schema?: string): string {
  let expr: string;
  if (c.kind === 'logic') {
    const joined = c.conditions.map((x) => renderCondition(x, alias, b, schema)).join(c.op === 'and' ? ' and ' : ' or ');
    if (c.negate) return `not (${joined})`;
    return `(${joined})`;
  } else if (c.kind === 'exists') {
    return `${c.negate ? 'not ' : ''}exists (${renderSubquery(c.node, alias, b, '1', false)})`;
  } else {
    const col = field(alias, c.column, c.json, b, c.computed ? { schema } : false);
    const value = c.value;
    if (c.op === 'is') expr = `${col} is ${IS[value as string] ?? 'null'}`;
    else if (c.op === 'in') {
      const list = value as string[];
      expr = list.length === 0 ? 'false' : `${col} in (${list.map((v) => b.bind(v)).join(', ')})`;
    } else if (TSQUERY[c.op]) {
      const config = c.config !== undefined ? `${b.bind(c.config)}::regconfig, ` : '';
      expr = `${c.tsvector ? col : `to_tsvector(${config}${col})`} @@ ${TSQUERY[c.op]}(${config}${b.bind(value as string)})`;
    } else {
      const v = c.op === 'like' || c.op === 'ilike' ? (value as string).replace(/\*/g, '%') : (value as string);
      expr = c.quantifier ? `${col} ${COMPARE[c.op]} ${c.quantifier}(${b.bind(v)})` : `${col} ${COMPARE[c.op]} ${b.bind(v)}`;
    }
  }
  return c.negate ? `not (${expr})` : expr;
}

function renderColumns(columns: PlanColumn[], alias: string, b: SqlBuilder, schema?: string): string {
  const parts: string[] = [];
  for (const c of columns) {
    if (c.kind === 'star') parts.push(`${alias}.*`);
    else if (c.kind === 'column') parts.push(`${columnExpr(c, alias, b, schema)} as ${ident(c.key)}`);
    else if (c.spread) parts.push(...renderSpread(c.node, alias, b));
    else if (c.output) parts.push(`(${renderEmbed(c.node, alias, b)}) as ${ident(c.key)}`);
  }
  return parts.join(', ');
}

function columnExpr(c: Extract<PlanColumn, { kind: 'column' }>, alias: string, b: SqlBuilder, schema?: string): string {
  if (c.aggregate === 'count' && c.name === '*') return `count(*)${c.aggregateCast ? `::${c.aggregateCast}` : ''}`;
  const value = `${field(alias, c.name, c.json, b, c.computed ? { schema } : false)}${c.cast ? `::${c.cast}` : ''}`;
  if (!c.aggregate) return value;
  return `${c.aggregate}(${value})${c.aggregateCast ? `::${c.aggregateCast}` : ''}`;
}

/**
 * With an aggregate in the list, every other field is a grouping key: plain columns, and for each embed (spread or
 * not) the parent columns it joins on, so its subquery reads one value per group.
 */
function groupBy(columns: PlanColumn[], alias: string, b: SqlBuilder, schema?: string): string {
  if (!columns.some((c) => c.kind === 'column' && c.aggregate)) return '';
  const keys: string[] = [];
  for (const c of columns) {
    if (c.kind === 'column' && !c.aggregate) keys.push(columnExpr(c, alias, b, schema));
    if (c.kind !== 'embed') continue;
    const parentCols = [...(c.node.join ?? []).map(([p]) => p), ...(c.node.junction?.toParent ?? []).map(([p]) => p)];
    for (const p of parentCols) if (!keys.includes(`${alias}.${ident(p)}`)) keys.push(`${alias}.${ident(p)}`);
  }
  return keys.length ? ` group by ${keys.join(', ')}` : '';
}

/**
 * How an embedded node's rows are reached from its parent row `parentAlias`: the FROM item (a relation, or a
 * computed relationship's function applied to the parent row) and the correlation conditions (foreign-key
 * columns, or an EXISTS through the junction table of a many-to-many).
 */
function source(node: PlanNode, a: string, parentAlias: string): { from: string; join: string[] } {
  if (node.fn) return { from: `${relation(node.fn, node.schema)}(${parentAlias}) ${a}`, join: [] };
  const join = (node.join ?? []).map(([p, c]) => `${a}.${ident(c)} = ${parentAlias}.${ident(p)}`);
  if (node.junction) {
    const j = `${a}_j`;
    const on = [
      ...node.junction.toParent.map(([p, jc]) => `${j}.${ident(jc)} = ${parentAlias}.${ident(p)}`),
      ...node.junction.toChild.map(([c, jc]) => `${j}.${ident(jc)} = ${a}.${ident(c)}`),
    ];
    join.push(`exists (select 1 from ${relation(node.junction.relation, node.schema)} ${j} where ${on.join(' and ')})`);
  }
  return { from: `${relation(node.relation, node.schema)} ${a}`, join };
}

/** One output field of a spread embed, as an expression over a row of the embedded relation aliased `a`. */
interface SpreadField { key: string; render: (a: string) => string }

function spreadFields(node: PlanNode, b: SqlBuilder): SpreadField[] {
  const out: SpreadField[] = [];
  for (const c of node.columns) {
    if (c.kind === 'star' || (c.kind === 'embed' && !c.output && !c.spread)) continue;
    if (c.kind === 'column') out.push({ key: c.key, render: (a) => columnExpr(c, a, b, node.schema) });
    else if (!c.spread) out.push({ key: c.key, render: (a) => `(${renderEmbed(c.node, a, b)})` });
    // A spread inside a spread: its fields rise to this level, each reached through the inner embed.
    else for (const f of spreadFields(c.node, b)) out.push({ key: f.key, render: (a) => spreadValue(c.node, f, a, b) });
  }
  return out;
}

/** A spread field's value for the parent row `parentAlias`: a scalar for a to-one embed, a JSON array for a to-many one. */
function spreadValue(node: PlanNode, f: SpreadField, parentAlias: string, b: SqlBuilder): string {
  const a = b.alias();
  const { from, join } = source(node, a, parentAlias);
  if (node.toOne) return `(select ${f.render(a)} from ${from}${clauses({ ...node, order: [], limit: undefined, offset: undefined }, a, b, join, false)})`;
  const v = `${a}_v`;
  return `(select coalesce(json_agg(${v}."v"), '[]'::json) from (select ${f.render(a)} as "v" from ${from}${clauses(node, a, b, join, true)}) ${v})`;
}

/**
 * `...owner(name, tags(x))`: each field of the embed as its own subquery on the parent row: a scalar for a
 * to-one embed, a JSON array of the values for a to-many one. Nested spreads lift their fields the same way.
 */
function renderSpread(node: PlanNode, parentAlias: string, b: SqlBuilder): string[] {
  return spreadFields(node, b).map((f) => `${spreadValue(node, f, parentAlias, b)} as ${ident(f.key)}`);
}

/** The WHERE of `node` (with `extra` conditions first) and, with `paging`, its ORDER BY / LIMIT / OFFSET. */
export function clauses(node: PlanNode, alias: string, b: SqlBuilder, extra: string[], paging: boolean): string {
  const where = [...extra, ...node.where.map((c) => renderCondition(c, alias, b, node.schema))];
  let sql = where.length ? ` where ${where.join(' and ')}` : '';
  if (paging) {
    if (node.order.length) {
      sql += ` order by ${node.order.map((o) => `${orderTarget(o, alias, b, node.schema)} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`).join(', ')}`;
    }
    if (node.limit !== undefined) sql += ` limit ${b.bind(String(node.limit))}`;
    if (node.offset !== undefined && node.offset > 0) sql += ` offset ${b.bind(String(node.offset))}`;
  }
  return sql;
}

/** A column of this row, or of its to-one embed as a scalar subquery. */
function orderTarget(o: PlanOrder, alias: string, b: SqlBuilder, schema?: string): string {
  if (!o.embed) return field(alias, o.column, o.json, b, o.computed ? { schema } : false);
  const a = b.alias();
  const { from, join } = source(o.embed, a, alias);
  return `(select ${field(a, o.column, o.json, b, o.computed ? { schema: o.embed.schema } : false)} from ${from}${join.length ? ` where ${join.join(' and ')}` : ''})`;
}

/** `select <what> from <child> where <join with parent> and <child filters> [order/limit]`. */
function renderSubquery(node: PlanNode, parentAlias: string, b: SqlBuilder, what: string | null, paging: boolean): string {
  const a = b.alias();
  const { from, join } = source(node, a, parentAlias);
  const list = what ?? renderColumns(node.columns, a, b, node.schema);
  if (what === null && paging) {
    const where = clauses({ ...node, order: [], limit: undefined, offset: undefined }, a, b, join, false);
    return `select ${list} from ${from}${where}${groupBy(node.columns, a, b, node.schema)}${clauses({ ...node, where: [] }, a, b, [], true)}`;
  }
  return `select ${list} from ${from}${clauses(node, a, b, join, paging)}`;
}

function renderEmbed(node: PlanNode, parentAlias: string, b: SqlBuilder): string {
  const inner = renderSubquery(node, parentAlias, b, null, true);
  const row = `${ident(`${b.alias()}_row`)}`;
  return node.toOne
    ? `select row_to_json(${row}.*) from (${inner}) ${row}`
    : `select coalesce(json_agg(${row}.*), '[]'::json) from (${inner}) ${row}`;
}

/** The root `select` of a read: columns and embeds of `node` from `from` (a relation or a function call) aliased t0. */
export function renderRoot(node: PlanNode, b: SqlBuilder, from = relation(node.relation, node.schema)): { select: string; where: string } {
  const a = b.alias();
  const list = renderColumns(node.columns, a, b, node.schema);
  const filtersOnly = { ...node, order: [], limit: undefined, offset: undefined };
  const where = clauses(filtersOnly, a, b, [], false);
  const group = groupBy(node.columns, a, b, node.schema);
  const paging = clauses({ ...node, where: [] }, a, b, [], true);
  return { select: `select ${list} from ${from} ${a}${where}${group}${paging}`, where: `from ${from} ${a}${where}` };
}

/**
 * `text/csv` as PostgREST writes it: the first row's column names, a newline, then each row's record text without
 * its parentheses (Postgres's own output of every value: ranges, arrays, booleans as t/f, jsonb with its spacing;
 * fields quoted when empty or holding a comma, quote, parenthesis, backslash or space; NULL as nothing).
 */
const CSV_BODY = `coalesce((select string_agg("k", ',') from json_object_keys((array_agg(row_to_json("pgrst_r")))[1]) "k"), '')`
  + ` || E'\\n' || coalesce(string_agg(substring("pgrst_r"::text, 2, length("pgrst_r"::text) - 2), E'\\n'), '')`;

/**
 * The statement that answers a read: the JSON body, the number of rows, and (with `count`) the total
 * matching rows without limit/offset.
 */
export function renderRead(node: PlanNode, opts: { count: boolean; csv?: boolean; from?: string; builder?: SqlBuilder } = { count: false }): RenderedSql {
  const b = opts.builder ?? new SqlBuilder();
  const root = renderRoot(node, b, opts.from);
  const total = opts.count ? `, (select count(*) ${root.where})::bigint::text as total` : '';
  const csv = opts.csv ? `, ${CSV_BODY} as csv` : '';
  return {
    sql: `select coalesce(json_agg("pgrst_r".*), '[]')::text as body, count(*)::int as n${total}${csv} from (${root.select}) "pgrst_r"`,
    params: b.params,
  };
}

/**
 * `"public"."fn"("a" := $1::integer, ...)` — argument names and types come from the catalog. A composite (row-type)
 * argument is built from its JSON object: `json_populate_record(null::type, $n::json)`.
 */
export function renderCall(fn: string, args: { name: string; type: string; value: string | null; composite?: boolean }[], b: SqlBuilder, schema = 'public'): string {
  const value = (a: (typeof args)[number]) => (a.composite ? `json_populate_record(null::${a.type}, ${b.bind(a.value)}::json)` : `${b.bind(a.value)}::${a.type}`);
  return `${relation(fn, schema)}(${args.map((a) => `${a.name ? `${ident(a.name)} := ` : ''}${value(a)}`).join(', ')})`;
}
