// POST/GET /rpc/<fn>: pick the function by its argument names, call it with bound, typed arguments, shape the result.
import type { Catalog, FnInfo, Relation } from './catalog.ts';
import { RestError } from './errors.ts';
import { JSON_TYPE, isObject, parseBody, run, runRead, type OperationInput, type RestResponse } from './operations.ts';
import { planNode } from './plan.ts';
import { SqlBuilder, renderCall } from './sql.ts';

/** Arguments for a call: the JSON body (POST) or the query parameters naming arguments (GET). */
export function rpcArguments(cat: Catalog, fn: string, method: string, query: URLSearchParams, text: string): { args: Record<string, unknown>; raw?: unknown; skip: Set<string> } {
  const candidates = cat.functions.get(fn) ?? [];
  if (method === 'GET' || method === 'HEAD') {
    const names = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)).filter(Boolean));
    const args: Record<string, unknown> = {};
    for (const [k, v] of query) if (names.has(k)) args[k] = v;
    return { args, skip: names };
  }
  const payload = text.trim() === '' ? {} : parseBody(text);
  return { args: isObject(payload) ? payload : {}, raw: payload, skip: new Set() };
}

function chooseFunction(cat: Catalog, name: string, args: Record<string, unknown>, raw: unknown): { fn: FnInfo; single: boolean } {
  const keys = Object.keys(args);
  const candidates = cat.functions.get(name) ?? [];
  const exact = candidates.find((f) =>
    keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)) && f.args.every((a) => a.name !== ''));
  if (exact) return { fn: exact, single: false };
  const single = candidates.find((f) => f.args.length === 1 && f.args[0]!.name === '' && /^jsonb?$/.test(f.args[0]!.type));
  if (single && raw !== undefined) return { fn: single, single: true };
  const sorted = [...keys].sort();
  throw new RestError(404, 'PGRST202', `Could not find the function public.${name}(${sorted.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${sorted.length ? sorted.join(', ') : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`);
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

export async function rpc(input: OperationInput, name: string, call: { args: Record<string, unknown>; raw?: unknown }): Promise<RestResponse> {
  const { fn, single: wholeBody } = chooseFunction(input.cat, name, call.args, call.raw);
  const b = new SqlBuilder();
  const callSql = wholeBody
    ? renderCall(fn.name, [{ name: '', type: fn.args[0]!.type, value: JSON.stringify(call.raw) }], b)
    : renderCall(fn.name, fn.args.filter((a) => a.name in call.args).map((a) => ({ name: a.name, type: a.type, value: argValue(call.args[a.name], a.type) })), b);
  if (fn.returns === 'composite') {
    const pseudo: Relation = { name: fn.name, kind: 'view', columns: fn.columns, columnMap: new Map(fn.columns.map((c) => [c.name, c])), primaryKey: [], uniques: [] };
    const node = planNode(input.cat, pseudo, input.parsed.select, input.parsed);
    return runRead(input, node, callSql, b, fn.set);
  }
  if (fn.returns === 'void') {
    await run(input.tx, `select ${callSql}`, b.params);
    return { status: 204, headers: {}, body: '' };
  }
  const sql = fn.set
    ? `select coalesce(json_agg("t0"."v"), '[]')::text as body from ${callSql} "t0"("v")`
    : `select to_json(${callSql})::text as body`;
  const row = (await run<{ body: string | null }>(input.tx, sql, b.params)).rows[0];
  return { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Content-Range': '*/*' }, body: row?.body ?? 'null' };
}

