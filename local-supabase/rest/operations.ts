// What each REST operation does, inside the request's transaction: plan, render, run, shape the answer.
import type { Transaction } from '@electric-sql/pglite';
import type { Catalog, Relation } from './catalog.ts';
import { RestError, invalidBody, singleObjectError, unknownColumn, unknownTable } from './errors.ts';
import { payloadColumns, planNode } from './plan.ts';
import { SqlBuilder, renderRead, renderRoot } from './sql.ts';
import { renderDelete, renderInsert, renderUpdate } from './sql-write.ts';
import type { ParsedQuery, PlanNode, Prefer, RenderedSql } from './types.ts';

export const MAX_ROWS = 1000;

/**
 * Every value is bound as text and Postgres converts it (an invalid one is a 22P02 error, as on PostgREST).
 * PGlite would otherwise convert strings itself for the inferred parameter type and throw on bad input.
 */
const AS_TEXT = { serializers: Object.fromEntries([0, 16, 17, 20, 21, 23, 25, 114, 700, 701, 1082, 1114, 1184, 3802].map((oid) => [oid, String])) };

export function run<T>(tx: Transaction, sql: string, params: (string | null)[]) {
  return tx.query<T>(sql, params, AS_TEXT);
}
export interface RestResponse { status: number; headers: Record<string, string>; body: string }

export interface OperationInput {
  tx: Transaction;
  cat: Catalog;
  parsed: ParsedQuery;
  prefer: Prefer;
  single: boolean;
  /** The answer is `text/csv`, rendered by the database from each row's own text. */
  csv?: boolean;
  range?: { offset: number; limit?: number };
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export function relationOf(cat: Catalog, name: string): Relation {
  const rel = cat.relations.get(name);
  if (!rel) throw unknownTable(name, cat.relations.keys(), cat.schema);
  return rel;
}

/** `[x]` → `x`: json_agg output holding exactly one element. */
const firstElement = (body: string) => body.slice(1, -1).trim();

function shape(body: string, n: number, single: boolean): { body: string; type: string } {
  if (!single) return { body, type: JSON_TYPE };
  if (n !== 1) throw singleObjectError(n);
  return { body: firstElement(body), type: OBJECT_TYPE };
}

function contentRange(offset: number, n: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** Caps the root limit at db-max-rows and applies the Range header when no limit/offset parameter was given. */
function page(node: PlanNode, range: OperationInput['range']): void {
  if (range && node.limit === undefined && node.offset === undefined) {
    node.offset = range.offset;
    if (range.limit !== undefined) node.limit = range.limit;
  }
  node.limit = Math.min(node.limit ?? MAX_ROWS, MAX_ROWS);
}

/** The planner's row estimate for `node` without paging (`Prefer: count=planned`). */
async function plannedCount(input: OperationInput, node: PlanNode): Promise<number> {
  const b = new SqlBuilder();
  const probe = renderRoot({ ...node, limit: undefined, offset: undefined }, b);
  const plan = (await run<Record<string, unknown>>(input.tx, `explain (format json) ${probe.select}`, b.params)).rows[0]!;
  const json = Object.values(plan)[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]!.Plan['Plan Rows']);
}

/**
 * The total for `Prefer: count=…`: `exact` counts; `planned` is the planner's estimate; `estimated` is exact up to
 * db-max-rows and the estimate above it. Reads from a function call are always counted exactly.
 */
async function countTotal(input: OperationInput, node: PlanNode, exact: number, fromCall: boolean): Promise<number> {
  const mode = input.prefer.count;
  if (fromCall || mode === 'exact' || (mode === 'estimated' && exact <= MAX_ROWS)) return exact;
  return plannedCount(input, node);
}

/** Runs a read of `node` (from its relation, or from a function call already bound in `builder`). `set` false: one composite value. */
export async function runRead(input: OperationInput, node: PlanNode, from?: string, builder?: SqlBuilder, set = true): Promise<RestResponse> {
  page(node, input.range);
  const count = input.prefer.count !== undefined;
  const csv = input.csv === true;
  const { sql, params } = renderRead(node, { count, csv, ...(from ? { from } : {}), ...(builder ? { builder } : {}) });
  const row = (await run<{ body: string; n: number; total?: string; csv?: string }>(input.tx, sql, params)).rows[0]!;
  const total = count ? await countTotal(input, node, Number(row.total), from !== undefined) : undefined;
  const offset = node.offset ?? 0;
  if (total !== undefined && offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`, null, { 'Content-Range': `*/${total}` });
  }
  if (!set) {
    const body = row.n === 0 ? 'null' : firstElement(row.body);
    return { status: 200, headers: { 'Content-Type': input.single ? OBJECT_TYPE : JSON_TYPE, 'Content-Range': contentRange(0, row.n, total) }, body };
  }
  const out = csv ? { body: row.csv ?? '', type: CSV_TYPE } : shape(row.body, row.n, input.single);
  const status = total !== undefined && row.n < total ? 206 : 200;
  return { status, headers: { 'Content-Type': out.type, 'Content-Range': contentRange(offset, row.n, total) }, body: out.body };
}

export function read(input: OperationInput, table: string): Promise<RestResponse> {
  const rel = relationOf(input.cat, table);
  return runRead(input, planNode(input.cat, rel, input.parsed.select, input.parsed));
}

export function parseBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody();
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `order` only sorts the returned representation; a limited PATCH/DELETE is not supported here. */
function noPaging(parsed: ParsedQuery): void {
  if (parsed.limits.some((l) => l.path.length === 0)) {
    throw new RestError(400, 'PGRST100', 'limit and offset are not supported on PATCH or DELETE by this server');
  }
}

/** What a mutation returns: its representation (Prefer: return=representation), its primary key (headers-only), or nothing. */
function returning(input: OperationInput, rel: Relation): PlanNode | undefined {
  const ret = input.prefer.return;
  if (ret === 'representation') return planNode(input.cat, rel, input.parsed.select, input.parsed, [[]], false);
  if (ret === 'headers-only' && rel.primaryKey.length) {
    return { relation: rel.name, columns: rel.primaryKey.map((c) => ({ kind: 'column', name: c, key: c })), where: [], order: [] };
  }
  return undefined;
}

async function runMutation(
  input: OperationInput, rel: Relation, sql: RenderedSql, ret: PlanNode | undefined, created: boolean,
): Promise<RestResponse> {
  let n: number;
  let body = '';
  let createdStatus = 201;
  if (ret || sql.counted) {
    const row = (await run<{ body?: string; n: number; inserted?: number }>(input.tx, sql.sql, sql.params)).rows[0]!;
    n = row.n;
    body = row.body ?? '';
    // A merging upsert that inserted nothing (every row was an update) answers 200.
    if (sql.counted && row.inserted === 0) createdStatus = 200;
  } else {
    n = (await run(input.tx, sql.sql, sql.params)).affectedRows ?? 0;
  }
  if (input.single && n !== 1) throw singleObjectError(n);
  const { handling, maxAffected } = input.prefer;
  if (!created && handling === 'strict' && maxAffected !== undefined && n > maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
  }
  const count = input.prefer.count !== undefined ? String(n) : '*';
  const headers: Record<string, string> = { 'Content-Range': created ? `*/${count}` : n > 0 ? `0-${n - 1}/${count}` : `*/${count}` };
  if (input.prefer.return === 'headers-only') {
    if (ret && n > 0) {
      const first = (JSON.parse(body) as Record<string, unknown>[])[0]!;
      headers['Location'] = `/${rel.name}?${rel.primaryKey.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`).join('&')}`;
    }
    return { status: created ? createdStatus : 204, headers, body: '' };
  }
  if (input.prefer.return === 'representation') {
    const out = shape(body, n, input.single);
    headers['Content-Type'] = out.type;
    return { status: created ? createdStatus : 200, headers, body: out.body };
  }
  return { status: created ? createdStatus : 204, headers, body: '' };
}

export function insert(input: OperationInput, table: string, text: string): Promise<RestResponse> {
  const rel = relationOf(input.cat, table);
  const payload = parseBody(text);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isObject)) throw invalidBody();
  let columns: string[];
  if (input.parsed.columns) {
    columns = payloadColumns(rel, [...new Set(input.parsed.columns)]);
  } else {
    const first = Object.keys(rows[0] ?? {});
    const same = (o: Record<string, unknown>) => { const k = Object.keys(o); return k.length === first.length && first.every((x) => x in o); };
    if (!rows.every((r) => same(r as Record<string, unknown>))) throw invalidBody('All object keys must match');
    columns = payloadColumns(rel, first);
  }
  let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined;
  if (input.prefer.resolution) {
    const cols = input.parsed.onConflict ?? rel.primaryKey;
    for (const c of cols) if (!rel.columnMap.has(c)) throw unknownColumn(rel.name, c, rel.columnMap.keys());
    if (!cols.length) throw new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
    onConflict = { columns: cols, action: input.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }
  const ret = returning(input, rel);
  const sql = renderInsert({
    relation: rel.name, ...(input.cat.schema !== 'public' ? { schema: input.cat.schema } : {}), columns, rows, upsertStatus: rel.kind === 'table',
    missingDefault: input.prefer.missing === 'default',
    defaults: Object.fromEntries(columns.flatMap((c) => {
      const expr = rel.columnMap.get(c)?.defaultExpr;
      return expr ? [[c, expr]] : [];
    })),
    ...(onConflict ? { onConflict } : {}), ...(ret ? { returning: ret } : {}),
  });
  return runMutation(input, rel, sql, ret, true);
}

export async function update(input: OperationInput, table: string, text: string): Promise<RestResponse> {
  const rel = relationOf(input.cat, table);
  const payload = parseBody(text);
  if (!isObject(payload)) throw invalidBody();
  noPaging(input.parsed);
  const columns = payloadColumns(rel, Object.keys(payload));
  const target = planNode(input.cat, rel, input.parsed.select, input.parsed);
  const ret = returning(input, rel);
  if (!columns.length) {
    if (input.single) throw singleObjectError(0);
    return { status: input.prefer.return === 'representation' ? 200 : 204, headers: { 'Content-Range': '*/*', 'Content-Type': JSON_TYPE }, body: input.prefer.return === 'representation' ? '[]' : '' };
  }
  const sql = renderUpdate({ target, columns, row: payload, ...(ret ? { returning: ret } : {}) });
  return runMutation(input, rel, sql, ret, false);
}

export function remove(input: OperationInput, table: string): Promise<RestResponse> {
  const rel = relationOf(input.cat, table);
  noPaging(input.parsed);
  const target = planNode(input.cat, rel, input.parsed.select, input.parsed);
  const ret = returning(input, rel);
  const sql = renderDelete({ target, ...(ret ? { returning: ret } : {}) });
  return runMutation(input, rel, sql, ret, false);
}
