// The REST settings a hosted project would have: the exposed schemas and whether aggregate functions are allowed.
// As on PostgREST, settings of the role `authenticator` in the database win (`alter role authenticator set
// pgrst.db_schemas = 'public, other'`, `... set pgrst.db_aggregates_enabled = 'true'`); otherwise the schemas come
// from the context, else from `[api] schemas` in supabase/config.toml, else `public`. Aggregates are off by default,
// as on hosted Supabase.
import type { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import path from 'node:path';

export interface RestConfig { schemas: string[]; aggregates: boolean }

const ROLE_SETTINGS_SQL = `
select unnest(s.setconfig) as setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`;

/** `schemas = ["public", "other"]` of the `[api]` table of a config.toml (one line or several). */
export function apiSchemasFromToml(text: string): string[] | undefined {
  const section = /^\s*\[api\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(text)?.[1];
  const list = section && /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1];
  if (list === undefined || list === '') return undefined;
  const names = [...list.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => (m[1] ?? m[2])!).filter(Boolean);
  return names.length ? names : undefined;
}

let tomlSchemas: { file: string; schemas: string[] | undefined } | undefined;

function schemasFromConfigFile(): string[] | undefined {
  const file = path.resolve('supabase/config.toml');
  if (tomlSchemas?.file !== file) {
    let schemas: string[] | undefined;
    try { schemas = apiSchemasFromToml(fs.readFileSync(file, 'utf8')); } catch { schemas = undefined; }
    tomlSchemas = { file, schemas };
  }
  return tomlSchemas.schemas;
}

const splitList = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export async function restConfig(pg: PGlite, fallback: { schemas?: string[] } = {}): Promise<RestConfig> {
  const settings = new Map<string, string>();
  for (const { setting } of (await pg.query<{ setting: string }>(ROLE_SETTINGS_SQL)).rows) {
    const i = setting.indexOf('=');
    if (i > 0) settings.set(setting.slice(0, i), setting.slice(i + 1));
  }
  const inDb = settings.get('pgrst.db_schemas');
  const schemas = (inDb !== undefined ? splitList(inDb) : undefined) ?? fallback.schemas ?? schemasFromConfigFile() ?? ['public'];
  return {
    schemas: schemas.length ? schemas : ['public'],
    aggregates: (settings.get('pgrst.db_aggregates_enabled') ?? 'false').trim().toLowerCase() === 'true',
  };
}
