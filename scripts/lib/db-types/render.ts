// The catalog as TypeScript, in the shape `supabase gen types typescript` writes: per schema Tables (Row, Insert,
// Update, Relationships), Views, Functions (Args, Returns, SetofOptions), Enums and CompositeTypes, sorted by name
// and laid out as Prettier lays them out (2 spaces, no semicolons, double quotes, 80 columns), then the Tables<>,
// TablesInsert<>, TablesUpdate<>, Enums<> and CompositeTypes<> helpers and the Constants object.
import type { Catalog, Column, PgFunction, PgType, Relation, Relationship } from './catalog.ts';
import { HELPERS } from './helpers.ts';

const WIDTH = 80;
const collator = new Intl.Collator('en-US');
const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

/** A property key as Prettier prints it: bare when it is an identifier, quoted otherwise. */
function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A multi-line block: `{` ... `}` with each line indented two more spaces than `indent`. */
function block(lines: string[], indent: string, open = '{', close = '}'): string {
  if (lines.length === 0) return `${open}${close}`;
  return `${open}\n${lines.map((l) => `${indent}  ${l}`).join('\n')}\n${indent}${close}`;
}

const never = (indent: string) => block(['[_ in never]: never'], indent);

class TypeNamer {
  constructor(private readonly catalog: Catalog) {}

  private exposed(t: PgType): boolean {
    return this.catalog.schemas.includes(t.schema);
  }

  /** The TypeScript type of a PostgreSQL type, as the CLI maps it. */
  ts(oid: number): string {
    const t = this.catalog.types.get(oid);
    if (!t) return 'unknown';
    if (t.typtype === 'd') return this.ts(t.baseType);
    if (t.name.startsWith('_') && t.elem !== 0) {
      const inner = this.ts(t.elem);
      return inner.includes(' | ') ? `(${inner})[]` : `${inner}[]`;
    }
    switch (t.name) {
      case 'bool':
        return 'boolean';
      case 'int2': case 'int4': case 'int8': case 'float4': case 'float8': case 'numeric':
        return 'number';
      case 'bytea': case 'bpchar': case 'varchar': case 'date': case 'text': case 'citext': case 'time': case 'timetz':
      case 'timestamp': case 'timestamptz': case 'uuid': case 'vector':
        return 'string';
      case 'json': case 'jsonb':
        return 'Json';
      case 'void':
        return 'undefined';
      case 'record':
        return 'Record<string, unknown>';
    }
    const s = JSON.stringify(t.schema);
    if (t.typtype === 'e') {
      return this.exposed(t) ? `Database[${s}]["Enums"][${JSON.stringify(t.name)}]` : t.enumLabels.map((l) => JSON.stringify(l)).join(' | ');
    }
    if (t.typtype === 'c' && this.exposed(t)) {
      const name = JSON.stringify(t.name);
      if (t.relkind === 'c') return `Database[${s}]["CompositeTypes"][${name}]`;
      if (t.relkind === 'v' || t.relkind === 'm') return `Database[${s}]["Views"][${name}]["Row"]`;
      return `Database[${s}]["Tables"][${name}]["Row"]`;
    }
    return 'unknown';
  }

  column(c: Column): string {
    return `${this.ts(c.type)}${c.nullable ? ' | null' : ''}`;
  }
}

function renderRelationships(rels: Relationship[], indent: string): string {
  const entries = rels
    .sort(
      (a, b) =>
        collator.compare(a.foreignKeyName, b.foreignKeyName) ||
        collator.compare(a.referencedRelation, b.referencedRelation) ||
        collator.compare(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)),
    )
    .map(
      (r) =>
        `${block(
          [
            `foreignKeyName: ${JSON.stringify(r.foreignKeyName)}`,
            `columns: [${r.columns.map((c) => JSON.stringify(c)).join(', ')}]`,
            `isOneToOne: ${r.isOneToOne}`,
            `referencedRelation: ${JSON.stringify(r.referencedRelation)}`,
            `referencedColumns: [${r.referencedColumns.map((c) => JSON.stringify(c)).join(', ')}]`,
          ],
          `${indent}  `,
        )},`,
    );
  return entries.length === 0 ? '[]' : block(entries, indent, '[', ']');
}

function renderRelation(rel: Relation, catalog: Catalog, types: TypeNamer, computed: PgFunction[], indent: string): string {
  const inner = `${indent}  `;
  const cols = [...rel.columns].sort(byName);
  const members: string[] = [];
  const row = [
    ...cols.map((c) => `${key(c.name)}: ${types.column(c)}`),
    ...computed.map((f) => `${key(f.name)}: ${types.ts(f.returnType)} | null`),
  ];
  members.push(`Row: ${block(row, inner)}`);
  if (rel.kind === 'table') {
    const write = (insert: boolean) =>
      cols.map((c) => {
        if (c.identityAlways || c.generated) return `${key(c.name)}?: never`;
        const optional = !insert || c.nullable || c.hasDefault;
        return `${key(c.name)}${optional ? '?' : ''}: ${types.column(c)}`;
      });
    members.push(`Insert: ${block(write(true), inner)}`, `Update: ${block(write(false), inner)}`);
  } else if (rel.updatable) {
    const write = cols.map((c) => (c.updatable ? `${key(c.name)}?: ${types.ts(c.type)} | null` : `${key(c.name)}?: never`));
    members.push(`Insert: ${block(write, inner)}`, `Update: ${block(write, inner)}`);
  }
  const rels = catalog.relationships.filter(
    (r) => r.schema === rel.schema && r.relation === rel.name && r.referencedSchema === rel.schema,
  );
  members.push(`Relationships: ${renderRelationships(rels, inner)}`);
  return `${key(rel.name)}: ${block(members, indent)}`;
}

/** A type literal on one line when it fits after `prefix` at `indent`, otherwise one member per line. */
function fitted(members: string[], indent: string, prefix: string, suffix = ''): string {
  const flat = members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
  if (!flat.includes('\n') && indent.length + prefix.length + flat.length + suffix.length <= WIDTH) return flat;
  return block(members, indent);
}

function renderFunction(name: string, fns: PgFunction[], catalog: Catalog, types: TypeNamer, indent: string): string {
  const inner = `${indent}  `;
  const variants = fns.map((f) => {
    const inArgs = f.args.filter((a) => a.mode === 'i').sort(byName);
    const args = inArgs.length === 0
      ? 'never'
      : fitted(inArgs.map((a) => `${key(a.name)}${a.hasDefault ? '?' : ''}: ${types.ts(a.type)}`), inner, 'Args: ');
    const members = [`Args: ${args}`];
    const tableCols = f.args.filter((a) => a.mode === 't').sort(byName);
    const returned = catalog.types.get(f.returnType);
    const relation = returned?.relkind && returned.relkind !== 'c'
      ? catalog.relations.find((r) => r.name === returned.name && r.schema === returned.schema)
      : undefined;
    const set = f.returnsSet ? '[]' : '';
    if (tableCols.length > 0) {
      members.push(`Returns: ${block(tableCols.map((a) => `${key(a.name)}: ${types.ts(a.type)}`), inner)}${set}`);
    } else if (relation) {
      const cols = [...relation.columns].sort(byName).map((c) => `${key(c.name)}: ${types.column(c)}`);
      members.push(`Returns: ${block(cols, inner)}${set}`);
    } else {
      members.push(`Returns: ${types.ts(f.returnType)}${set}`);
    }
    if (relation || returned?.relkind === 'c') {
      const setof = [
        'from: "*"',
        `to: ${JSON.stringify(returned!.name)}`,
        `isOneToOne: ${!f.returnsSet}`,
        `isSetofReturn: ${f.returnsSet}`,
      ];
      members.push(`SetofOptions: ${block(setof, inner)}`);
    }
    return members;
  });
  if (variants.length === 1) return `${key(name)}: ${fitted(variants[0]!, indent, `${key(name)}: `)}`;
  const alternatives = variants.map((m) => `| ${block(m, inner)}`).sort(collator.compare);
  return `${key(name)}:\n${alternatives.map((a) => `${inner}${a}`).join('\n')}`;
}

/** A function appears in the API when its input arguments are all named, or when it has a single unnamed one. */
function callable(f: PgFunction): boolean {
  const inputs = f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  return !inputs.some((a) => a.name === '') || inputs.length === 1;
}

/** A function of one argument of a table's row type: a computed column of that table. */
function computedOf(f: PgFunction, rel: Relation, catalog: Catalog): boolean {
  const inputs = f.args.filter((a) => a.mode === 'i');
  const t = inputs.length === 1 ? catalog.types.get(inputs[0]!.type) : undefined;
  return Boolean(t && t.name === rel.name && t.schema === rel.schema);
}

function renderSchema(schema: string, catalog: Catalog, types: TypeNamer): string {
  const i2 = '    ';
  const i3 = '      ';
  const functions = catalog.functions.filter((f) => f.schema === schema && callable(f));
  const relations = catalog.relations.filter((r) => r.schema === schema).sort(byName);
  const section = (rels: Relation[]) =>
    rels.length === 0
      ? never(i2)
      : block(rels.map((r) => renderRelation(r, catalog, types, functions.filter((f) => computedOf(f, r, catalog)), i3)), i2);
  const grouped = new Map<string, PgFunction[]>();
  for (const f of [...functions].sort(byName)) grouped.set(f.name, [...(grouped.get(f.name) ?? []), f]);
  const schemaTypes = [...catalog.types.values()].filter((t) => t.schema === schema).sort(byName);
  const enums = schemaTypes.filter((t) => t.typtype === 'e');
  const composites = schemaTypes.filter((t) => t.typtype === 'c' && t.relkind === 'c');
  const members = [
    `Tables: ${section(relations.filter((r) => r.kind === 'table'))}`,
    `Views: ${section(relations.filter((r) => r.kind === 'view'))}`,
    `Functions: ${grouped.size === 0 ? never(i2) : block([...grouped].map(([n, fns]) => renderFunction(n, fns, catalog, types, i3)), i2)}`,
    `Enums: ${enums.length === 0 ? never(i2) : block(enums.map((e) => `${key(e.name)}: ${e.enumLabels.map((l) => JSON.stringify(l)).join(' | ')}`), i2)}`,
    `CompositeTypes: ${
      composites.length === 0
        ? never(i2)
        : block(composites.map((c) => `${key(c.name)}: ${block(c.attributes.map((a) => `${key(a.name)}: ${types.ts(a.type)} | null`), i3)}`), i2)
    }`,
  ];
  return `${key(schema)}: ${block(members, '  ')}`;
}

function renderConstants(catalog: Catalog): string {
  const schemas = [...catalog.schemas].sort(collator.compare).map((schema) => {
    const enums = [...catalog.types.values()].filter((t) => t.schema === schema && t.typtype === 'e').sort(byName);
    const list = enums.map((e) => `${key(e.name)}: [${e.enumLabels.map((l) => JSON.stringify(l)).join(', ')}],`);
    return `${key(schema)}: ${block([`Enums: ${block(list, '    ')},`], '  ')},`;
  });
  return `export const Constants = ${block(schemas, '')} as const`;
}

/** The whole file: `header` (a comment) first, then what the CLI writes. */
export function renderTypes(catalog: Catalog, header: string): string {
  const types = new TypeNamer(catalog);
  const schemas = [...catalog.schemas].sort(collator.compare).map((s) => renderSchema(s, catalog, types));
  return [
    header.trimEnd(),
    '',
    'export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]',
    '',
    `export type Database = ${block(schemas, '')}`,
    '',
    HELPERS.trim(),
    '',
    renderConstants(catalog),
    '',
  ].join('\n');
}
