// Our own version of the checks Supabase's database linter makes, as catalog queries.
// Each rule returns the offending objects; an empty list means the schema is clean.
import type { TestDb } from './db.ts';

export type LintRule =
  | 'rls_disabled_in_public'
  | 'policy_exists_rls_disabled'
  | 'security_definer_view'
  | 'auth_users_exposed'
  | 'function_search_path_mutable'
  | 'security_definer_function_exposed'
  | 'policy_reads_user_metadata'
  | 'auth_rls_initplan'
  | 'unindexed_foreign_key'
  | 'multiple_permissive_policies';

export interface LintProblem { rule: LintRule; object: string }

/** Schemas the REST API exposes (Supabase's default `api.schemas`, minus graphql_public which we do not create). */
const EXPOSED = `('public')`;
/** Schemas Supabase manages itself; our own functions live anywhere else. */
const MANAGED = `('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'extensions', 'storage', 'realtime',
  'graphql', 'graphql_public', 'vault', 'pgsodium', 'pgsodium_masks', 'supabase_functions', 'supabase_migrations', 'net', 'cron')`;

const RULES: Record<LintRule, string> = {
  // Every table in an exposed schema has row-level security on.
  rls_disabled_in_public: `
    select format('%I.%I', n.nspname, c.relname) as object
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${EXPOSED} and c.relkind in ('r', 'p') and not c.relrowsecurity`,

  // A policy on a table whose RLS is off protects nothing.
  policy_exists_rls_disabled: `
    select distinct format('%I.%I', n.nspname, c.relname) as object
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where not c.relrowsecurity`,

  // Views in an exposed schema must run with the caller's rights; materialized views cannot, so none may be readable.
  security_definer_view: `
    select format('%I.%I', n.nspname, c.relname) as object
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${EXPOSED}
      and (
        (c.relkind = 'v' and not coalesce(
          (select option_value in ('true', 'on', '1', 'yes') from pg_options_to_table(c.reloptions) where option_name = 'security_invoker'),
          false))
        or (c.relkind = 'm' and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select')))
      )`,

  // No view or materialized view in an exposed schema reads auth.users.
  auth_users_exposed: `
    select distinct format('%I.%I', n.nspname, v.relname) as object
    from pg_rewrite r
    join pg_class v on v.oid = r.ev_class
    join pg_namespace n on n.oid = v.relnamespace
    join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
    where n.nspname in ${EXPOSED} and v.relkind in ('v', 'm') and d.refobjid = 'auth.users'::regclass`,

  // Every function of ours pins its search_path.
  function_search_path_mutable: `
    select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ${MANAGED} and n.nspname not like 'pg\\_%'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search\\_path=%')`,

  // A SECURITY DEFINER function in an exposed schema would be an RPC that bypasses RLS.
  security_definer_function_exposed: `
    select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ${EXPOSED} and p.prosecdef
      and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,

  // user_metadata is writable by the user: no policy may read it.
  policy_reads_user_metadata: `
    select format('%I.%I: %s', schemaname, tablename, policyname) as object
    from pg_policies
    where concat_ws(' ', qual, with_check) ~* '(user_metadata|raw_user_meta_data)'`,

  // auth.uid(), auth.jwt(), auth.role(), auth.email() and is_admin() evaluated once per statement: (select ...).
  auth_rls_initplan: `
    select format('%I.%I: %s', schemaname, tablename, policyname) as object
    from pg_policies
    cross join lateral (select concat_ws(' ', qual, with_check) as text) t
    where (select count(*) from regexp_matches(t.text, '(auth\\.(uid|jwt|role|email)|(public\\.)?is_admin)\\(\\)', 'g'))
       <> (select count(*) from regexp_matches(t.text, 'SELECT (auth\\.(uid|jwt|role|email)|(public\\.)?is_admin)\\(\\) AS', 'g'))`,

  // Every foreign key's columns lead some index of the referencing table.
  unindexed_foreign_key: `
    select format('%I.%I.%I', n.nspname, t.relname, c.conname) as object
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname not in ${MANAGED}
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (select array_agg(k order by k) from unnest(c.conkey) k)
            = (select array_agg(k order by k)
               from unnest((string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)]) k)
      )`,

  // Two permissive policies for one table, role and command are both evaluated on every row: merge them.
  multiple_permissive_policies: `
    select format('%I.%I %s %s: %s', schemaname, tablename, role, command, string_agg(policyname, ' | ' order by policyname)) as object
    from pg_policies p
    cross join unnest(p.roles) as granted (role_name)
    cross join lateral unnest(
      case when granted.role_name = 'public' then array['anon', 'authenticated'] else array[granted.role_name::text] end
    ) as r (role)
    cross join lateral unnest(
      case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end
    ) as c (command)
    where p.permissive = 'PERMISSIVE'
    group by schemaname, tablename, role, command
    having count(*) > 1`,
};

export const LINT_RULES = Object.keys(RULES) as LintRule[];

/** Runs every rule (as the superuser the tests connect as) and lists what each one found. */
export async function lintSchema(db: TestDb): Promise<LintProblem[]> {
  const problems: LintProblem[] = [];
  for (const rule of LINT_RULES) {
    const { rows } = await db.query(RULES[rule]);
    for (const row of rows) problems.push({ rule, object: String(row.object) });
  }
  return problems;
}
