// The schema cache: relations, columns, foreign keys and functions of one exposed schema (`public` unless a
// profile header names another), read from pg_catalog. Reloaded when a cheap fingerprint of pg_class changes, or after a lookup miss when a
// fuller fingerprint (pg_class, pg_attribute, pg_constraint, pg_proc, pg_roles) changed, so DDL run after start is seen.
import type { Transaction } from '@electric-sql/pglite';

export interface Column { name: string; type: string; hasDefault: boolean; generated: boolean }

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  uniques: string[][];
}

export interface ForeignKey { name: string; table: string; columns: string[]; refTable: string; refColumns: string[] }

/** `rel`: the relation of this schema whose row type the argument is (computed fields and relationships take one). */
export interface FnArg { name: string; type: string; hasDefault: boolean; rel?: string; composite?: boolean }

export interface FnInfo {
  name: string;
  args: FnArg[];
  /** 'void', 'scalar' (incl. setof scalar) or 'composite' (table rows, `returns table`, out params). */
  returns: 'void' | 'scalar' | 'composite';
  set: boolean;
  columns: Column[];
  volatile: boolean;
  /** The relation of this schema whose rows the function returns (`returns setof todos`), if any. */
  returnsRel?: string;
  /** The planner's row estimate (`rows 1` makes a set-returning computed relationship to-one). */
  rows: number;
}

export interface Catalog {
  schema: string;
  fingerprint: string;
  deepFingerprint: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FnInfo[]>;
  /** Role name → whether it is a superuser (a JWT may not switch to one). */
  roles: Map<string, boolean>;
}

type Queryable = Pick<Transaction, 'query'>;

const FINGERPRINT_SQL = `select count(*) || ':' || max(xmin::text::bigint) as f from pg_class`;
const DEEP_FINGERPRINT_SQL = `select concat_ws('|',
  (select count(*) || ':' || max(xmin::text::bigint) from pg_class),
  (select count(*) || ':' || max(a.xmin::text::bigint) from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace = (select oid from pg_namespace where nspname = $1::text)),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_constraint where connamespace = (select oid from pg_namespace where nspname = $1::text)),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_proc where pronamespace = (select oid from pg_namespace where nspname = $1::text)),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_authid)) as f`;

const RELATIONS_SQL = `
select c.oid::int as oid, c.relname as name, case when c.relkind in ('r','p','f') then 'table' else 'view' end as kind
from pg_class c where c.relnamespace = (select oid from pg_namespace where nspname = $1::text) and c.relkind in ('r','p','f','v','m')`;

const COLUMNS_SQL = `
select a.attrelid::int as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       a.atthasdef as has_default, a.attgenerated <> '' as generated
from pg_attribute a join pg_class c on c.oid = a.attrelid
where a.attnum > 0 and not a.attisdropped
  and (c.relnamespace = (select oid from pg_namespace where nspname = $1::text) or c.oid in (select typrelid from pg_type t join pg_proc p on p.prorettype = t.oid where p.pronamespace = (select oid from pg_namespace where nspname = $1::text)))
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype as type, con.conrelid::int as rel, con.confrelid::int as refrel,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
  array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as refcols
from pg_constraint con
where con.contype in ('p','u','f') and con.conrelid in (select oid from pg_class where relnamespace = (select oid from pg_namespace where nspname = $1::text))`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as set, p.provolatile = 'v' as volatile, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
  coalesce(p.proargnames, '{}')::text[] as argnames,
  coalesce(p.proargmodes::text[], '{}') as argmodes,
  array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) order by i) as argtypes,
  array(select coalesce(at.typrelid, 0)::int from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) left join pg_type at on at.oid = u.t order by i) as argrels,
  format_type(p.prorettype, null) as rettype, t.typtype as rettyptype, t.typrelid::int as retrel, p.prorows::float8 as rows
from pg_proc p join pg_type t on t.oid = p.prorettype
where p.pronamespace = (select oid from pg_namespace where nspname = $1::text) and p.prokind = 'f'`;

// Views over one base table inherit its foreign keys for embedding (columns matched by name),
// a simplification of PostgREST's view-relationship inference.
const VIEW_BASES_SQL = `
select view_name::text as view, min(table_name::text) as base
from information_schema.view_table_usage
where view_schema = $1::text and table_schema = $1::text
group by view_name having count(*) = 1`;

/** Per database, the catalog of each schema asked for. */
const cache = new WeakMap<object, Map<string, Catalog>>();

export async function fingerprint(db: Queryable): Promise<string> {
  const r = await db.query<{ f: string }>(FINGERPRINT_SQL);
  return r.rows[0]!.f;
}

async function deepFingerprint(db: Queryable, schema: string): Promise<string> {
  return (await db.query<{ f: string }>(DEEP_FINGERPRINT_SQL, [schema])).rows[0]!.f;
}

/** A schema that does not exist has an empty catalog (every lookup then misses, as on PostgREST). */
async function load(db: Queryable, fp: string, schema: string): Promise<Catalog> {
  const exists = (await db.query<{ n: number }>('select count(*)::int as n from pg_namespace where nspname = $1', [schema])).rows[0]!.n > 0;
  const q = async <T>(sql: string): Promise<T[]> => (exists ? (await db.query<T>(sql, [schema])).rows : []);
  const deep = exists ? await deepFingerprint(db, schema) : fp;
  const rels = await q<{ oid: number; name: string; kind: 'table' | 'view' }>(RELATIONS_SQL);
  const cols = await q<{ rel: number; name: string; type: string; has_default: boolean; generated: boolean }>(COLUMNS_SQL);
  const cons = await q<{ name: string; type: string; rel: number; refrel: number; cols: string[]; refcols: string[] }>(CONSTRAINTS_SQL);
  const fns = await q<{
    name: string; set: boolean; volatile: boolean; nargs: number; ndefaults: number; argnames: string[]; argmodes: string[];
    argtypes: string[]; argrels: number[]; rettype: string; rettyptype: string; retrel: number; rows: number;
  }>(FUNCTIONS_SQL);

  const viewBases = await q<{ view: string; base: string }>(VIEW_BASES_SQL);
  const roleRows = (await db.query<{ name: string; super: boolean }>('select rolname as name, rolsuper as super from pg_roles')).rows;

  const columnsByRel = new Map<number, Column[]>();
  for (const c of cols) {
    const list = columnsByRel.get(c.rel) ?? [];
    list.push({ name: c.name, type: c.type, hasDefault: c.has_default, generated: c.generated });
    columnsByRel.set(c.rel, list);
  }
  const nameByOid = new Map<number, string>();
  const relations = new Map<string, Relation>();
  for (const r of rels) {
    const columns = columnsByRel.get(r.oid) ?? [];
    nameByOid.set(r.oid, r.name);
    relations.set(r.name, { name: r.name, kind: r.kind, columns, columnMap: new Map(columns.map((c) => [c.name, c])), primaryKey: [], uniques: [] });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const c of cons) {
    const rel = relations.get(nameByOid.get(c.rel) ?? '');
    if (!rel) continue;
    if (c.type === 'p') { rel.primaryKey = c.cols; rel.uniques.push(c.cols); }
    if (c.type === 'u') rel.uniques.push(c.cols);
    if (c.type === 'f') {
      const ref = nameByOid.get(c.refrel);
      if (ref) foreignKeys.push({ name: c.name, table: rel.name, columns: c.cols, refTable: ref, refColumns: c.refcols });
    }
  }
  for (const { view, base } of viewBases) {
    const v = relations.get(view);
    if (!v) continue;
    const covers = (cols: string[]) => cols.every((c) => v.columnMap.has(c));
    for (const fk of [...foreignKeys]) {
      if (fk.table === base && covers(fk.columns)) foreignKeys.push({ ...fk, table: view });
      if (fk.refTable === base && covers(fk.refColumns)) foreignKeys.push({ ...fk, refTable: view });
    }
  }

  const functions = new Map<string, FnInfo[]>();
  for (const f of fns) {
    const modes = f.argmodes.length ? f.argmodes : f.argtypes.map(() => 'i');
    const args: FnArg[] = [];
    const outCols: Column[] = [];
    const inCount = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length;
    let inIndex = 0;
    modes.forEach((mode, i) => {
      const name = f.argnames[i] ?? '';
      const type = f.argtypes[i]!;
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        const rel = nameByOid.get(f.argrels[i] ?? 0);
        const composite = (f.argrels[i] ?? 0) !== 0;
        args.push({ name, type, hasDefault: inIndex >= inCount - f.ndefaults, ...(rel ? { rel } : {}), ...(composite ? { composite } : {}) });
        inIndex++;
      }
      if (mode === 'o' || mode === 'b' || mode === 't') outCols.push({ name, type, hasDefault: false, generated: false });
    });
    let returns: FnInfo['returns'] = 'scalar';
    let columns: Column[] = [];
    if (f.rettype === 'void') returns = 'void';
    else if (outCols.length > 1 || modes.includes('t') || (f.rettype === 'record' && outCols.length > 0)) { returns = 'composite'; columns = outCols; }
    else if (f.rettyptype === 'c' && f.retrel) { returns = 'composite'; columns = columnsByRel.get(f.retrel) ?? []; }
    const list = functions.get(f.name) ?? [];
    const returnsRel = f.rettyptype === 'c' ? nameByOid.get(f.retrel) : undefined;
    list.push({ name: f.name, args, returns, set: f.set, columns, volatile: f.volatile, rows: f.rows, ...(returnsRel ? { returnsRel } : {}) });
    functions.set(f.name, list);
  }
  const roles = new Map(roleRows.map((r) => [r.name, r.super]));
  return { schema, fingerprint: fp, deepFingerprint: deep, relations, foreignKeys, functions, roles };
}

/** How long a fingerprint check is trusted: bursts of requests skip it (a lookup miss still forces a deep check). */
const RECHECK_MS = 200;
const checkedAt = new WeakMap<object, Map<string, number>>();

function schemas<T>(map: WeakMap<object, Map<string, T>>, key: object): Map<string, T> {
  let m = map.get(key);
  if (!m) { m = new Map(); map.set(key, m); }
  return m;
}

/** The cached catalog of `schema` for this database, reloaded when pg_class changed. */
export async function getCatalog(key: object, db: Queryable, schema = 'public'): Promise<Catalog> {
  const cached = schemas(cache, key).get(schema);
  const now = Date.now();
  const checked = schemas(checkedAt, key);
  if (cached && now - (checked.get(schema) ?? 0) < RECHECK_MS) return cached;
  const fp = await fingerprint(db);
  checked.set(schema, now);
  if (cached && cached.fingerprint === fp) return cached;
  const fresh = await load(db, fp, schema);
  schemas(cache, key).set(schema, fresh);
  return fresh;
}

/** After a lookup miss: reload if the schema changed in a way the cheap fingerprint cannot see (e.g. a new function). */
export async function refreshCatalog(key: object, db: Queryable, schema = 'public'): Promise<Catalog | undefined> {
  const cached = schemas(cache, key).get(schema);
  if (cached && cached.deepFingerprint === (await deepFingerprint(db, schema))) return undefined;
  const fresh = await load(db, await fingerprint(db), schema);
  schemas(cache, key).set(schema, fresh);
  return fresh;
}

/** Forget the cached catalog (e.g. after migrations ran). */
export function invalidateCatalog(key: object): void {
  cache.delete(key);
  checkedAt.delete(key);
}
