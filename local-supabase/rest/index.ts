// PostgREST-compatible /rest/v1 for the local Supabase: routes a request to its operation.
// Layers: config.ts (exposed schemas, aggregates), parse.ts + lexer.ts/select-grammar.ts/grammar.ts (query string →
// tree), plan.ts + relationships.ts + catalog.ts (validate against the schema), sql.ts/sql-write.ts (parameterised SQL
// for reads and calls / writes), operations.ts/rpc.ts (what each method does), execute.ts (transaction, role, errors), formats.ts (CSV, stripped nulls).
import type { ProjectKeys } from '../keys/project-keys.ts';
import type { PGlite } from '@electric-sql/pglite';
import { identify, type Identity } from './auth.ts';
import { RestError, Rollback } from './errors.ts';
import { errorResponse, inTransaction } from './execute.ts';
import { insert, read, remove, update, type OperationInput, type RestResponse } from './operations.ts';
import { rpc, rpcArguments } from './rpc.ts';
import { openApi } from './openapi.ts';
import { applyFormat, outputFormat } from './formats.ts';
import { invalidPreferences, parsePrefer, parseQuery, parseRange } from './parse.ts';
import { restConfig } from './config.ts';
import { usesAggregates } from './select-grammar.ts';
import type { ParsedQuery } from './types.ts';

export { invalidateCatalog } from './catalog.ts';

export interface RestRequest {
  method: string;
  /** After /rest/v1: '/projects', '/rpc/fn', '/'. */
  path: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** `schemas`: the exposed schemas when the database names none (the server passes `[api] schemas` of config.toml). */
export interface RestContext { pg: PGlite; keys: ProjectKeys; schemas?: string[] }

/** Aggregates are refused unless the configuration enables them, as PostgREST does with db-aggregates-enabled off. */
function checkAggregates(parsed: ParsedQuery, enabled: boolean): ParsedQuery {
  if (!enabled && usesAggregates(parsed.select)) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  return parsed;
}

function decodePath(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '');
  return segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
  });
}

export async function handleRest(req: RestRequest, ctx: RestContext): Promise<RestResponse> {
  const method = req.method.toUpperCase();
  let who: Identity | undefined;
  try {
    const readMethod = method === 'GET' || method === 'HEAD';
    const config = await restConfig(ctx.pg, ctx.schemas ? { schemas: ctx.schemas } : {});
    const profile = (readMethod ? req.headers['accept-profile'] : req.headers['content-profile'])?.trim();
    if (profile !== undefined && !config.schemas.includes(profile)) {
      throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${config.schemas.join(', ')}`);
    }
    const schema = profile ?? config.schemas[0]!;
    const format = outputFormat(req.headers['accept']);
    if (!format) throw new RestError(406, 'PGRST107', `None of these media types are available: ${req.headers['accept']}`);
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    who = await identify(req.headers, ctx.keys);
    const segments = decodePath(req.path);
    const info = { method, path: req.path, headers: req.headers, schema };
    const prefer = parsePrefer(req.headers['prefer']);
    const invalid = invalidPreferences(req.headers['prefer']);
    if (prefer.handling === 'strict' && invalid.length) {
      throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
    }
    const range = readMethod ? parseRange(req.headers['range']) : undefined;
    const base = { prefer, single: format.kind === 'object', csv: format.kind === 'csv', ...(range ? { range } : {}) };
    const headOnly = (r: RestResponse): RestResponse => (method === 'HEAD' ? { ...r, body: '' } : applyFormat(r, format));
    const finish = (r: RestResponse): RestResponse => {
      // PostgREST's order: resolution, missing, return, count, tx, handling, max-affected (with handling=strict only).
      const applied = [
        method === 'POST' && prefer.resolution ? `resolution=${prefer.resolution}` : '',
        method === 'POST' && prefer.missing ? `missing=${prefer.missing}` : '',
        !readMethod && prefer.return ? `return=${prefer.return}` : '',
        prefer.count ? `count=${prefer.count}` : '',
        prefer.tx ? `tx=${prefer.tx}` : '',
        prefer.handling ? `handling=${prefer.handling}` : '',
        prefer.handling === 'strict' && prefer.maxAffected !== undefined ? `max-affected=${prefer.maxAffected}` : '',
      ].filter(Boolean);
      if (applied.length && r.status < 400) r.headers['Preference-Applied'] = applied.join(', ');
      // With several exposed schemas, the answer names the one it comes from.
      if (config.schemas.length > 1 && r.status < 400) r.headers['Content-Profile'] = schema;
      return headOnly(r);
    };

    if (segments.length === 0) {
      if (!readMethod) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      return headOnly(await inTransaction(ctx.pg, who, info, true, async (_tx, cat) => openApi(cat)));
    }

    if (segments[0] === 'rpc' && segments.length === 2) {
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      const name = segments[1]!;
      return finish(await inTransaction(ctx.pg, who, info, readMethod, async (tx, cat) => {
        const call = rpcArguments(method, req.query, req.body, req.headers['content-type']);
        const input: OperationInput = { tx, cat, parsed: checkAggregates(parseQuery(req.query, call.skip), config.aggregates), ...base };
        return withTxPreference(await rpc(input, name, call), prefer.tx);
      }));
    }
    if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

    const table = segments[0]!;
    const parsed = checkAggregates(parseQuery(req.query), config.aggregates);
    return finish(await inTransaction(ctx.pg, who, info, readMethod, async (tx, cat) => {
      const input: OperationInput = { tx, cat, parsed, ...base };
      if (readMethod) return read(input, table);
      if (method === 'POST') return withTxPreference(await insert(input, table, req.body), prefer.tx);
      if (method === 'PATCH') return withTxPreference(await update(input, table, req.body), prefer.tx);
      return withTxPreference(await remove(input, table), prefer.tx);
    }));
  } catch (e) {
    return errorResponse(e, !who || who.role === 'anon');
  }
}

/** `Prefer: tx=rollback`: answer as if committed, then roll back. */
function withTxPreference(r: RestResponse, tx: 'commit' | 'rollback' | undefined): RestResponse {
  if (tx === 'rollback') throw new Rollback(r);
  return r;
}
