// The REST settings a hosted project would have: the exposed schemas and whether aggregate functions are allowed.
// As on PostgREST, settings of the role `authenticator` in the database win (`alter role authenticator set
// pgrst.db_schemas = 'public, other'`, `... set pgrst.db_aggregates_enabled = 'true'`); otherwise the schemas come
// from the context (the server passes `[api] schemas` of supabase/config.toml), else `public`. Aggregates are off by default,
// as on hosted Supabase.
import type { PGlite } from '@electric-sql/pglite';

export interface RestConfig { schemas: string[]; aggregates: boolean }

const ROLE_SETTINGS_SQL = `
select unnest(s.setconfig) as setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`;

const splitList = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export async function restConfig(pg: PGlite, fallback: { schemas?: string[] } = {}): Promise<RestConfig> {
  const settings = new Map<string, string>();
  for (const { setting } of (await pg.query<{ setting: string }>(ROLE_SETTINGS_SQL)).rows) {
    const i = setting.indexOf('=');
    if (i > 0) settings.set(setting.slice(0, i), setting.slice(i + 1));
  }
  const inDb = settings.get('pgrst.db_schemas');
  const schemas = (inDb !== undefined ? splitList(inDb) : undefined) ?? fallback.schemas ?? ['public'];
  return {
    schemas: schemas.length ? schemas : ['public'],
    aggregates: (settings.get('pgrst.db_aggregates_enabled') ?? 'false').trim().toLowerCase() === 'true',
  };
}
