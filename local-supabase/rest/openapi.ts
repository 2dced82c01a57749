// GET /rest/v1/ : a small OpenAPI 2.0 description of what the schema cache holds (PostgREST serves one too).
import type { Catalog } from './catalog.ts';
import type { RestResponse } from './operations.ts';

export function openApi(cat: Catalog): RestResponse {
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json', 'application/json'] } } };
  const definitions: Record<string, unknown> = {};
  for (const rel of [...cat.relations.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    paths[`/${rel.name}`] = rel.kind === 'table' ? { get: {}, post: {}, patch: {}, delete: {} } : { get: {} };
    definitions[rel.name] = {
      type: 'object',
      properties: Object.fromEntries(rel.columns.map((c) => [c.name, { format: c.type }])),
      ...(rel.primaryKey.length ? { 'x-primary-key': rel.primaryKey } : {}),
    };
  }
  for (const name of [...cat.functions.keys()].sort()) paths[`/rpc/${name}`] = { post: {}, get: {} };
  const body = { swagger: '2.0', info: { title: 'local-supabase PostgREST', version: '12-compatible' }, basePath: '/', schemes: ['http'], paths, definitions };
  return { status: 200, headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' }, body: JSON.stringify(body) };
}
