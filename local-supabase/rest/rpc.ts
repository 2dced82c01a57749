// POST/GET /rpc/<fn>: pick the function by its argument names, call it with bound, typed arguments, shape the result.
import type { Catalog, FnInfo, Relation } from './catalog.ts';
import { RestError, closest } from './errors.ts';
import { JSON_TYPE, isObject, parseBody, run, runRead, type OperationInput, type RestResponse } from './operations.ts';
import { OPERATORS } from './grammar.ts';
import { planNode } from './plan.ts';
import { SqlBuilder, renderCall } from './sql.ts';

/** What the body of a POST /rpc call is, by its Content-Type. */
export type BodyKind = 'json' | 'text' | 'xml' | 'bytea';

export function bodyKind(contentType: string | undefined): BodyKind {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (t === 'text/plain') return 'text';
  if (t === 'text/xml') return 'xml';
  if (t === 'application/octet-stream') return 'bytea';
  return 'json';
}

export interface RpcCall { args: Record<string, unknown>; keys: string[]; raw?: string; kind: BodyKind; post: boolean; skip: Set<string> }

/**
 * Arguments for a call: the JSON object body (POST) or the query parameters naming arguments (GET). A non-JSON
 * body (text/plain, text/xml, application/octet-stream) is the raw argument of a single unnamed parameter.
 */
export function rpcArguments(method: string, query: URLSearchParams, text: string, contentType?: string): RpcCall {
  if (method === 'GET' || method === 'HEAD') {
    const args: Record<string, unknown> = {};
    for (const [k, v] of query) if (isArgument(k, v)) args[k] = v;
    return { args, keys: Object.keys(args), kind: 'json', post: false, skip: new Set(Object.keys(args)) };
  }
  const kind = bodyKind(contentType);
  if (kind !== 'json') return { args: {}, keys: [], raw: text, kind, post: true, skip: new Set() };
  const payload = text.trim() === '' ? {} : parseBody(text);
  const args = isObject(payload) ? payload : {};
  return { args, keys: Object.keys(args), raw: text, kind, post: true, skip: new Set() };
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** Whether `value` reads as a filter: `not.…`, `is.…`, `in.…`, `op.…` or `fts(config).…`. */
function hasOperator(value: string): boolean {
  const parts = value.split('.');
  if (parts[0] === 'not' && parts.length > 1) return true;
  if ((parts[0] === 'is' || parts[0] === 'in') && parts.length > 1) return true;
  const op = parts[0]!.replace(/\((any|all|[\p{L}\p{N}_]+)\)$/u, '');
  return parts.length > 1 && (OPERATORS as readonly string[]).includes(op);
}

/**
 * A GET /rpc query parameter is an argument when it is not reserved, its key has no embed path and its value is
 * not a filter (as PostgREST splits them); every other parameter is part of the query language.
 */
function isArgument(key: string, value: string): boolean {
  if (RESERVED.has(key) || EMBEDDABLE.has(key.split('.').pop()!)) return false;
  return !key.includes('.') && !hasOperator(value);
}

const SINGLE_TYPES: Record<BodyKind, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytea: ['bytea'] };

/** Whether the argument names fit the function: every required parameter given, nothing unknown. */
function matchesParams(f: FnInfo, keys: Set<string>, call: RpcCall): boolean {
  if (f.args.length === 0) return keys.size === 0 && !(call.post && call.kind !== 'json');
  const names = new Set(f.args.map((a) => a.name));
  return [...keys].every((k) => names.has(k)) && f.args.every((a) => a.hasDefault || keys.has(a.name));
}

/** A POST whose whole body is the one unnamed parameter: json/jsonb for JSON, text, xml or bytea by Content-Type. */
function singleUnnamed(f: FnInfo, call: RpcCall): boolean {
  return call.post && f.args.length === 1 && f.args[0]!.name === '' && SINGLE_TYPES[call.kind].includes(f.args[0]!.type);
}

const signature = (schema: string, f: FnInfo) => `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

const UNNAMED_TYPES = ['json', 'jsonb', 'text', 'xml', 'bytea'];

/**
 * Whether /rpc can reach the function: every parameter named, or one single unnamed json/jsonb/text/xml/bytea
 * parameter. Others (`f(int)`, computed fields taking a row) are not in PostgREST's function cache.
 */
const callable = (f: FnInfo) => f.args.every((a) => a.name !== '') || (f.args.length === 1 && UNNAMED_TYPES.includes(f.args[0]!.type));

/** The overloads of `name` that /rpc can reach (none: the function is unknown to it). */
function overloadsOf(cat: Catalog, name: string): FnInfo[] {
  return (cat.functions.get(name) ?? []).filter(callable);
}

/** Candidates listed in PGRST203 in order of their parameter lists (names, then types, compared one by one). */
function byParams(a: FnInfo, b: FnInfo): number {
  for (let i = 0; i < Math.min(a.args.length, b.args.length); i++) {
    const x = a.args[i]!, y = b.args[i]!;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
  }
  return a.args.length - b.args.length;
}

/** PostgREST's overload resolution: by argument names, else the single-unnamed-parameter fallback; 300 PGRST203 when ambiguous. */
export function chooseFunction(cat: Catalog, name: string, call: RpcCall): { fn: FnInfo; wholeBody: boolean } {
  const keys = new Set(call.keys);
  const candidates = overloadsOf(cat, name);
  const named = candidates.filter((f) => matchesParams(f, keys, call));
  const fallback = candidates.filter((f) => !named.includes(f) && singleUnnamed(f, call));
  const ambiguous = (fs: FnInfo[]) => new RestError(300, 'PGRST203',
    `Could not choose the best candidate function between: ${[...fs].sort(byParams).map((f) => signature(cat.schema, f)).join(', ')}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  if (named.length === 1) return { fn: named[0]!, wholeBody: false };
  if (named.length > 1) throw ambiguous(named);
  if (fallback.length === 1) return { fn: fallback[0]!, wholeBody: true };
  if (fallback.length > 1) throw ambiguous(fallback);
  throw noFunction(cat, name, [...keys].sort(), call);
}

/**
 * The closest function name when none has this name; otherwise the closest parameter list among its overloads,
 * written `(a, b)` with names sorted.
 */
function noFunctionHint(cat: Catalog, name: string, keys: string[]): string | null {
  const found = overloadsOf(cat, name);
  const overloads = found.length ? found : undefined;
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const guess = overloads
    ? closest(list(keys), overloads.map((f) => list(f.args.map((a) => a.name))))
    : closest(name, [...cat.functions.keys()].filter((n) => overloadsOf(cat, n).length > 0));
  if (guess === undefined) return null;
  return `Perhaps you meant to call the function ${cat.schema}.${overloads ? `${name}${guess}` : guess}`;
}

function noFunction(cat: Catalog, name: string, keys: string[], call: RpcCall): RestError {
  const schema = cat.schema;
  const func = `${schema}.${name}`;
  const onlySingle = call.post && call.kind !== 'json';
  const params = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const searched = onlySingle ? ` with a single unnamed ${call.kind} parameter`
    : call.post ? `${withParams} or with a single unnamed json/jsonb parameter` : withParams;
  return new RestError(404, 'PGRST202', `Could not find the function ${func}${onlySingle ? '' : params} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`, onlySingle ? null : noFunctionHint(cat, name, keys));
}

function pgArrayLiteral(v: unknown[]): string {
  return `{${v.map((x) => (x === null ? 'NULL' : Array.isArray(x) ? pgArrayLiteral(x) : `"${(typeof x === 'string' ? x : JSON.stringify(x)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

function argValue(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return /^jsonb?$/.test(type) ? JSON.stringify(v) : v;
  if (Array.isArray(v) && type.endsWith('[]')) return pgArrayLiteral(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The raw body as the single unnamed argument (bytea bodies are passed as hex). */
function rawValue(call: RpcCall): string {
  if (call.kind === 'bytea') return `\\x${Buffer.from(call.raw ?? '', 'binary').toString('hex')}`;
  return call.raw ?? '';
}

/** `Prefer: handling=strict, max-affected=n` on a call: only set-returning functions, at most n rows, else rolled back. */
function checkMaxAffected(input: OperationInput, fn: FnInfo, n: number): void {
  const { handling, maxAffected } = input.prefer;
  if (handling !== 'strict' || maxAffected === undefined) return;
  if (!fn.set) throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  if (n > maxAffected) throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
}

/** Rows answered, from a `Content-Range: a-b/total` header (none when it has no a-b part). */
const rowsIn = (range: string | undefined) => {
  const m = /^(\d+)-(\d+)\//.exec(range ?? '');
  return m ? Number(m[2]) - Number(m[1]) + 1 : 0;
};

export async function rpc(input: OperationInput, name: string, call: RpcCall): Promise<RestResponse> {
  const { fn, wholeBody } = chooseFunction(input.cat, name, call);
  const b = new SqlBuilder();
  const schema = input.cat.schema;
  const callSql = wholeBody
    ? renderCall(fn.name, [{ name: '', type: fn.args[0]!.type, value: rawValue(call) }], b, schema)
    : renderCall(fn.name, fn.args.filter((a) => a.name in call.args).map((a) => ({
      name: a.name, type: a.type, value: argValue(call.args[a.name], a.type), ...(a.composite ? { composite: true } : {}),
    })), b, schema);
  if (fn.returns === 'composite') {
    // A function returning a table's rows reads like that table: its relationships can be embedded.
    const table = fn.returnsRel ? input.cat.relations.get(fn.returnsRel) : undefined;
    const pseudo: Relation = table ?? { name: fn.name, kind: 'view', columns: fn.columns, columnMap: new Map(fn.columns.map((c) => [c.name, c])), primaryKey: [], uniques: [] };
    const node = planNode(input.cat, pseudo, input.parsed.select, input.parsed);
    const res = await runRead(input, node, callSql, b, fn.set);
    checkMaxAffected(input, fn, rowsIn(res.headers['Content-Range']));
    return res;
  }
  if (fn.returns === 'void') {
    checkMaxAffected(input, fn, 0);
    await run(input.tx, `select ${callSql}`, b.params);
    return { status: 204, headers: {}, body: '' };
  }
  const sql = fn.set
    ? `select coalesce(json_agg("t0"."v"), '[]')::text as body, count(*)::int as n from ${callSql} "t0"("v")`
    : `select to_json(${callSql})::text as body, 1 as n`;
  const row = (await run<{ body: string | null; n: number }>(input.tx, sql, b.params)).rows[0]!;
  checkMaxAffected(input, fn, row.n);
  const total = input.prefer.count !== undefined ? String(row.n) : '*';
  return { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Content-Range': row.n > 0 ? `0-${row.n - 1}/${total}` : `*/${total}` }, body: row.body ?? 'null' };
}
