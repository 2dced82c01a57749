// What a subscriber may receive of a change, decided by Postgres as Supabase Realtime decides it: the row must be
// selectable by the subscriber's role under its claims (row-level security), and only the columns that role may
// select are sent. INSERT and UPDATE are checked by selecting the row by primary key as the subscriber. A deleted
// row can no longer be selected, so its old values are checked against the table's SELECT policies for that role
// (a stricter rule than the hosted service, which does not check deletes).
import type { PGlite, Transaction } from '@electric-sql/pglite';

export interface Column {
  name: string;
  /** pg_type.typname, as Realtime reports it ('int4', 'text', 'timestamptz', '_text', …). */
  type: string;
  /** The type as SQL spells it, for casts. */
  sql: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  oid: number;
  columns: Column[];
  pk: string[];
  rls: boolean;
  /** replica identity full: old records carry every column (else only the primary key). */
  replicaFull: boolean;
}

export const qi = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function readTableInfo(q: PGlite | Transaction, schema: string, table: string): Promise<TableInfo | null> {
  const { rows } = await q.query<{ oid: number; rls: boolean; ident: string; columns: Column[] | null; pk: string[] | null }>(
    `select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident::text as ident,
       (select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'sql', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
          from pg_attribute a join pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = c.oid and i.indisprimary) as pk
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  );
  const r = rows[0];
  if (!r) return null;
  return { schema, table, oid: r.oid, columns: r.columns ?? [], pk: r.pk ?? [], rls: r.rls, replicaFull: r.ident === 'f' };
}

export interface RoleView {
  /** Columns the role may select, in table order. */
  columns: Column[];
  bypassRls: boolean;
  /** For deletes: the role's SELECT policies as one boolean SQL expression over the table's columns. */
  policyExpr: string;
}

/** What `role` may see of the table; null when the role does not exist. */
export async function readRoleView(q: PGlite | Transaction, info: TableInfo, role: string): Promise<RoleView | null> {
  const r = await q.query<{ bypass: boolean }>(`select rolbypassrls as bypass from pg_roles where rolname = $1`, [role]);
  if (!r.rows[0]) return null;
  const cols = await q.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')
      order by a.attnum`,
    [info.oid, role],
  );
  const allowed = new Set(cols.rows.map((c) => c.name));
  const policies = await q.query<{ permissive: string; qual: string | null }>(
    `select permissive, qual from pg_policies
      where schemaname = $1 and tablename = $2 and cmd in ('ALL', 'SELECT')
        and exists (select 1 from unnest(roles) r where r = 'public' or pg_has_role($3, r, 'member'))`,
    [info.schema, info.table, role],
  );
  const permissive = policies.rows.filter((p) => p.permissive === 'PERMISSIVE').map((p) => `(${p.qual ?? 'true'})`);
  const restrictive = policies.rows.filter((p) => p.permissive !== 'PERMISSIVE').map((p) => `(${p.qual ?? 'true'})`);
  const policyExpr = `(${permissive.length ? permissive.join(' or ') : 'false'})${restrictive.length ? ` and ${restrictive.join(' and ')}` : ''}`;
  return { columns: info.columns.filter((c) => allowed.has(c.name)), bypassRls: r.rows[0].bypass, policyExpr };
}

/** Sets the subscriber's role and claims for the rest of the transaction (or savepoint). */
export async function actAs(tx: Transaction, role: string, claims: Record<string, unknown>): Promise<void> {
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [role, JSON.stringify(claims)]);
}

const pkText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Whether the subscriber (already set with actAs) may select the change's row: for INSERT/UPDATE the row as it is
 * now in the table, for DELETE the old values under the role's SELECT policies.
 */
export async function canSee(
  tx: Transaction,
  info: TableInfo,
  view: RoleView,
  type: 'INSERT' | 'UPDATE' | 'DELETE',
  record: Record<string, unknown> | null,
  oldRecord: Record<string, unknown> | null,
): Promise<boolean> {
  if (type === 'DELETE') {
    if (!oldRecord) return false;
    if (!info.rls || view.bypassRls) return true;
    const { rows } = await tx.query<{ v: boolean }>(
      `select exists (select 1 from jsonb_populate_record(null::${qi(info.schema)}.${qi(info.table)}, $1::jsonb) as ${qi(info.table)}
         where ${view.policyExpr}) as v`,
      [JSON.stringify(oldRecord)],
    );
    return rows[0]?.v === true;
  }
  if (!record) return false;
  const cond = info.pk
    .map((name, i) => {
      const col = info.columns.find((c) => c.name === name)!;
      return `${qi(name)} = $${i + 1}::${col.sql}`;
    })
    .join(' and ');
  const { rows } = await tx.query<{ v: boolean }>(
    `select exists (select 1 from ${qi(info.schema)}.${qi(info.table)} where ${cond}) as v`,
    info.pk.map((name) => pkText(record[name])),
  );
  return rows[0]?.v === true;
}

export function pick(record: Record<string, unknown> | null, names: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const n of names) if (n in record) out[n] = record[n];
  return out;
}
