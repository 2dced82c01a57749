// What the TypeScript types are generated from, read from the PostgreSQL catalog of the exposed schemas: tables and
// views with their columns, foreign keys (and the ones views inherit from the tables they expose), functions,
// enums and composite types.
import { viewColumnOrigins } from './view-origins.ts';

export type Query = <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }>;

export interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  typtype: string;
  elem: number;
  baseType: number;
  /** For a composite: 'c' a standalone type, 'r'/'p'/'v'/'m'/'f' a relation's row type. */
  relkind: string | null;
  enumLabels: string[];
  attributes: { name: string; type: number }[];
}

export interface Column {
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  identityAlways: boolean;
  generated: boolean;
  updatable: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  /** Views only: both UPDATE and DELETE are possible through the view. */
  updatable: boolean;
  columns: Column[];
}

export interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: number;
  /** i in, o out, b inout, v variadic, t a `returns table` column. */
  mode: string;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: number;
  returnsSet: boolean;
}

export interface Catalog {
  schemas: string[];
  relations: Relation[];
  relationships: Relationship[];
  functions: PgFunction[];
  types: Map<number, PgType>;
}

async function readTypes(q: Query): Promise<Map<number, PgType>> {
  const r = await q<PgType>(
    `select t.oid::int as oid, n.nspname as schema, t.typname as name, t.typtype::text as typtype,
            t.typelem::int as elem, t.typbasetype::int as "baseType", c.relkind::text as relkind,
            coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
                     '{}') as "enumLabels",
            coalesce((select json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int) order by a.attnum)
                        from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped),
                     '[]') as attributes
       from pg_type t
       join pg_namespace n on n.oid = t.typnamespace
       left join pg_class c on c.oid = t.typrelid`,
  );
  return new Map(r.rows.map((t) => [t.oid, t]));
}

async function readRelations(q: Query, schemas: string[]): Promise<Relation[]> {
  const rels = await q<{ oid: number; schema: string; name: string; relkind: string; updatable: boolean }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
            (c.relkind in ('v', 'm') and (pg_relation_is_updatable(c.oid, false) & 20) = 20) as updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm') and not c.relispartition`,
    [schemas],
  );
  const cols = await q<Column & { rel: number }>(
    `select a.attrelid::int as rel, a.attname as name, a.atttypid::int as type, not a.attnotnull as nullable,
            a.atthasdef as "hasDefault", a.attidentity = 'a' as "identityAlways", a.attgenerated <> '' as generated,
            coalesce(ic.is_updatable = 'YES', false) as updatable
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join information_schema.columns ic
              on ic.table_schema = n.nspname and ic.table_name = c.relname and ic.column_name = a.attname
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [schemas],
  );
  return rels.rows.map((r) => ({
    oid: r.oid,
    schema: r.schema,
    name: r.name,
    kind: r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table',
    updatable: r.updatable,
    columns: cols.rows.filter((c) => c.rel === r.oid).map(({ rel: _rel, ...c }) => c),
  }));
}

/** Foreign keys declared on tables of the exposed schemas; one-to-one when the key columns are also a PK or unique. */
async function readForeignKeys(q: Query, schemas: string[]): Promise<(Relationship & { table: number; refTable: number })[]> {
  const r = await q<Relationship & { table: number; refTable: number }>(
    `select con.conname as "foreignKeyName", n1.nspname as schema, t1.relname as relation,
            t1.oid::int as "table", t2.oid::int as "refTable",
            (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(att, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.att) as columns,
            n2.nspname as "referencedSchema", t2.relname as "referencedRelation",
            (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(att, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.att) as "referencedColumns",
            exists (select 1 from pg_constraint u
                     where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                       and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as "isOneToOne"
       from pg_constraint con
       join pg_class t1 on t1.oid = con.conrelid join pg_namespace n1 on n1.oid = t1.relnamespace
       join pg_class t2 on t2.oid = con.confrelid join pg_namespace n2 on n2.oid = t2.relnamespace
      where con.contype = 'f' and con.conparentid = 0`,
  );
  return r.rows.filter((fk) => schemas.includes(fk.schema) || schemas.includes(fk.referencedSchema));
}

/** Every way of picking one view column per key column (a table column can appear in a view more than once). */
function combinations(choices: string[][]): string[][] {
  return choices.reduce<string[][]>((acc, options) => acc.flatMap((prefix) => options.map((o) => [...prefix, o])), [[]]);
}

/**
 * The relationships a view inherits from the tables it exposes, as PostgREST derives them: a view exposing all the
 * columns of a foreign key has that key itself, and a view exposing all the referenced columns can be its target.
 */
async function viewRelationships(
  q: Query,
  relations: Relation[],
  foreignKeys: (Relationship & { table: number; refTable: number })[],
): Promise<Relationship[]> {
  const views = relations.filter((r) => r.kind === 'view');
  const origins = await viewColumnOrigins(q, views.map((v) => v.oid));
  const names = new Map(
    (await q<{ rel: number; att: number; name: string }>(
      `select attrelid::int as rel, attnum::int as att, attname as name from pg_attribute where attnum > 0 and not attisdropped
          and attrelid = any($1::oid[])`,
      [[...new Set([...origins.values()].flat().map((o) => o.table))]],
    )).rows.map((r) => [`${r.rel}.${r.att}`, r.name]),
  );
  /** For a view over `table`: the view columns exposing each of `columns`, or null if one is not exposed. */
  const exposure = (view: Relation, table: number, columns: string[]): string[][] | null => {
    const out: string[][] = [];
    for (const col of columns) {
      const viewCols = (origins.get(view.oid) ?? [])
        .filter((o) => o.table === table && names.get(`${o.table}.${o.column}`) === col)
        .map((o) => o.viewColumn);
      if (viewCols.length === 0) return null;
      out.push(viewCols);
    }
    return out;
  };
  const sides = (table: number, schema: string, name: string, columns: string[]) => [
    { schema, name, columns: [columns] },
    ...views.flatMap((v) => {
      const exposed = exposure(v, table, columns);
      return exposed ? [{ schema: v.schema, name: v.name, columns: combinations(exposed) }] : [];
    }),
  ];
  const out: Relationship[] = [];
  for (const fk of foreignKeys) {
    const from = sides(fk.table, fk.schema, fk.relation, fk.columns);
    const to = sides(fk.refTable, fk.referencedSchema, fk.referencedRelation, fk.referencedColumns);
    for (const f of from) {
      for (const t of to) {
        if (f.name === fk.relation && f.schema === fk.schema && t.name === fk.referencedRelation && t.schema === fk.referencedSchema) {
          continue; // the table's own key, already listed
        }
        for (const columns of f.columns) {
          for (const referencedColumns of t.columns) {
            out.push({ ...fk, schema: f.schema, relation: f.name, columns, referencedSchema: t.schema, referencedRelation: t.name, referencedColumns });
          }
        }
      }
    }
  }
  return out;
}

async function readFunctions(q: Query, schemas: string[]): Promise<PgFunction[]> {
  const r = await q<{
    schema: string;
    name: string;
    argTypes: number[];
    argModes: string[] | null;
    argNames: string[] | null;
    inTypes: number[];
    defaults: number;
    returnType: number;
    returnsSet: boolean;
  }>(
    `select n.nspname as schema, p.proname as name,
            coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as "argTypes",
            p.proargmodes::text[] as "argModes", p.proargnames as "argNames", p.proargtypes::int[] as "inTypes",
            p.pronargdefaults::int as defaults, p.prorettype::int as "returnType", p.proretset as "returnsSet"
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1::text[]) and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`,
    [schemas],
  );
  return r.rows.map((f) => {
    const modes = f.argModes ?? f.argTypes.map(() => 'i');
    const inputs = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length;
    let inputIndex = 0;
    const args = f.argTypes.map((type, i) => {
      const mode = modes[i]!;
      const isInput = mode === 'i' || mode === 'b' || mode === 'v';
      const hasDefault = isInput && inputIndex++ >= inputs - f.defaults;
      return { name: f.argNames?.[i] ?? '', type, mode, hasDefault };
    });
    return { schema: f.schema, name: f.name, args, returnType: f.returnType, returnsSet: f.returnsSet };
  });
}

export async function readCatalog(q: Query, schemas: string[]): Promise<Catalog> {
  const existing = (await q<{ name: string }>(`select nspname as name from pg_namespace where nspname = any($1::text[])`, [schemas]))
    .rows.map((r) => r.name);
  const types = await readTypes(q);
  const relations = await readRelations(q, existing);
  const foreignKeys = await readForeignKeys(q, existing);
  const relationships = [
    ...foreignKeys.filter((fk) => existing.includes(fk.schema)),
    ...(await viewRelationships(q, relations, foreignKeys)),
  ].map(({ table: _t, refTable: _r, ...rel }: Relationship & { table?: number; refTable?: number }) => rel);
  const functions = await readFunctions(q, existing);
  return { schemas: existing, relations, relationships, functions, types };
}
