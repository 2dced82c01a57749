// Validates a ParsedQuery against the catalog and resolves embeds to foreign-key joins.
// Every identifier that reaches the SQL renderer has been found in the catalog here.
import type { Catalog, ForeignKey, Relation } from './catalog.ts';
import { RestError, closest, unknownColumn, unknownPayloadColumn } from './errors.ts';
import type { Condition, OrderTerm, ParsedQuery, PlanColumn, PlanCondition, PlanNode, PlanOrder, SelectItem } from './types.ts';

/** Casts allowed in `select=col::type`, mapped to the SQL type they render as. */
export const CASTS: Record<string, string> = {
  text: 'text', varchar: 'text', int: 'integer', integer: 'integer', int4: 'integer', int2: 'smallint', smallint: 'smallint',
  int8: 'bigint', bigint: 'bigint', numeric: 'numeric', float: 'double precision', float8: 'double precision', float4: 'real',
  real: 'real', bool: 'boolean', boolean: 'boolean', date: 'date', timestamp: 'timestamp', timestamptz: 'timestamptz',
  time: 'time', json: 'json', jsonb: 'jsonb', uuid: 'uuid',
};

/**
 * One way to embed `target` from a parent: a foreign key (either direction), a many-to-many through a junction
 * table, or a computed relationship (a function taking the parent's row type and returning the target's rows).
 */
export interface Relationship {
  target: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  toOne: boolean;
  /** Foreign-key relationships: the constraint; [parent column, child column] pairs. */
  fk?: ForeignKey;
  join: [string, string][];
  /** Many-to-many: the junction table and its [parent column, junction column] / [child column, junction column] pairs. */
  junction?: { relation: string; parentFk: ForeignKey; childFk: ForeignKey; toParent: [string, string][]; toChild: [string, string][] };
  /** Computed relationship: the function's name. */
  fn?: string;
}

function uniqueOn(rel: Relation | undefined, cols: string[]): boolean {
  return !!rel?.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

/** Every relationship `parent` has: both directions of each foreign key, junctions, and computed relationships. */
export function relationships(cat: Catalog, parent: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cat.foreignKeys) {
    if (fk.table === parent) {
      const toOneBack = uniqueOn(cat.relations.get(fk.table), fk.columns);
      out.push({ fk, target: fk.refTable, join: fk.columns.map((c, i) => [c, fk.refColumns[i]!]), toOne: true, cardinality: toOneBack && fk.table !== fk.refTable ? 'one-to-one' : 'many-to-one' });
    }
    if (fk.refTable === parent) {
      const unique = uniqueOn(cat.relations.get(fk.table), fk.columns);
      out.push({ fk, target: fk.table, join: fk.refColumns.map((c, i) => [c, fk.columns[i]!]), toOne: unique, cardinality: unique ? 'one-to-one' : 'one-to-many' });
    }
  }
  // A junction: a table with a foreign key to `parent` and another to the target, both inside its primary key.
  for (const parentFk of cat.foreignKeys) {
    if (parentFk.refTable !== parent) continue;
    const junction = cat.relations.get(parentFk.table);
    if (!junction || junction.kind !== 'table') continue;
    for (const childFk of cat.foreignKeys) {
      if (childFk === parentFk || childFk.table !== junction.name || childFk.name === parentFk.name) continue;
      if (![...parentFk.columns, ...childFk.columns].every((c) => junction.primaryKey.includes(c))) continue;
      out.push({
        target: childFk.refTable, cardinality: 'many-to-many', toOne: false, join: [],
        junction: {
          relation: junction.name, parentFk, childFk,
          toParent: parentFk.refColumns.map((c, i) => [c, parentFk.columns[i]!]),
          toChild: childFk.refColumns.map((c, i) => [c, childFk.columns[i]!]),
        },
      });
    }
  }
  for (const fns of cat.functions.values()) {
    for (const f of fns) {
      if (f.args.length !== 1 || f.args[0]!.rel !== parent || !f.returnsRel) continue;
      const toOne = !f.set || f.rows === 1;
      out.push({ target: f.returnsRel, fn: f.name, join: [], toOne, cardinality: toOne ? 'many-to-one' : 'one-to-many' });
    }
  }
  return out;
}

const singleCol = (cols: string[], name: string) => cols.length === 1 && cols[0] === name;

/** Whether `r` is what `name!hint` asks for, by PostgREST's rules (table, constraint, column, junction hints). */
function matches(cat: Catalog, parent: string, r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.fn) return name === r.fn;
  const targetIsView = cat.relations.get(r.target)?.kind === 'view';
  if (r.junction) return r.target === name && (hint === undefined || hint === r.junction.relation);
  const fk = r.fk!;
  const originCols = r.join.map(([p]) => p);
  const targetCols = r.join.map(([, c]) => c);
  if (fk.table === fk.refTable) {
    // A self-reference: the table's own name gives the children, the FK column gives the parent;
    // with a hint, the table name plus the children's FK column.
    const o2m = r.cardinality !== 'many-to-one';
    if (hint === undefined) return (name === parent && o2m) || (!o2m && singleCol(originCols, name));
    return name === parent && o2m && singleCol(targetCols, hint);
  }
  if (hint === undefined) {
    return r.target === name || (!targetIsView && (fk.name === name || singleCol(originCols, name)));
  }
  return r.target === name && (fk.name === hint || singleCol(originCols, hint) || singleCol(targetCols, hint));
}

function describeRel(parent: string, r: Relationship) {
  const fmt = (fk: ForeignKey, cols: string[]) => `${fk.name}(${cols.join(', ')})`;
  if (r.junction) {
    const j = r.junction;
    return { cardinality: r.cardinality, embedding: `${parent} with ${r.target}`, relationship: `${j.relation} using ${fmt(j.parentFk, j.parentFk.columns)} and ${fmt(j.childFk, j.childFk.columns)}` };
  }
  if (r.fn) return { cardinality: r.cardinality, embedding: `${parent} with ${r.target}`, relationship: `${r.fn}(${parent})` };
  const fk = r.fk!;
  return {
    cardinality: r.cardinality, embedding: `${parent} with ${r.target}`,
    relationship: `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`,
  };
}

export function resolveEmbed(cat: Catalog, parent: string, name: string, hint: string | undefined): Relationship {
  const found = relationships(cat, parent).filter((r) => matches(cat, parent, r, name, hint));
  if (found.length === 1) return found[0]!;
  // Embedding by FK name or column also matches views that inherit the FK: the base table wins.
  const tables = found.filter((r) => cat.relations.get(r.target)?.kind === 'table');
  if (found.length > 1 && tables.length === 1 && !found.some((r) => r.target === name)) return tables[0]!;
  if (found.length === 0) {
    const using = hint === undefined ? '' : ` using the hint '${hint}'`;
    // Suggest a related table with a close name (none when the name itself is related: the hint is then the problem).
    const related = [...new Set(relationships(cat, parent).map((r) => r.target))];
    const guess = related.includes(name) ? undefined : closest(name, related);
    throw new RestError(400, 'PGRST200', `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${name}'${using} in the schema '${cat.schema}', but no matches were found.`,
      guess ? `Perhaps you meant '${guess}' instead of '${name}'.` : null);
  }
  const hintFor = (r: Relationship) => `'${name}!${r.junction ? r.junction.relation : r.fk?.name ?? r.fn}'`;
  throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    found.map((r) => describeRel(parent, r)),
    `Try changing '${name}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`);
}

function castType(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cast = CASTS[name];
  if (!cast) throw new RestError(400, '42704', `type "${name}" does not exist`);
  return cast;
}

function requireColumn(rel: Relation, column: string): string {
  if (!rel.columnMap.has(column)) throw unknownColumn(rel.name, column, rel.columnMap.keys());
  return column;
}

/** A computed field of `rel`: a function of `rel`'s row type returning a scalar (or one composite value). */
export function computedField(cat: Catalog | undefined, rel: Relation, name: string): boolean {
  return !!cat?.functions.get(name)?.some((f) => f.args.length === 1 && f.args[0]!.rel === rel.name && f.returns !== 'void' && !f.set);
}

/** A column of `rel` or one of its computed fields (then `computed`); otherwise 42703. */
function columnOrComputed(cat: Catalog | undefined, rel: Relation, column: string): { computed?: true } {
  if (rel.columnMap.has(column)) return {};
  if (computedField(cat, rel, column)) return { computed: true };
  throw unknownColumn(rel.name, column, rel.columnMap.keys());
}

type Scoped = Omit<ParsedQuery, 'select' | 'columns' | 'onConflict'>;
const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const isPrefix = (prefix: string[], p: string[]) => prefix.length < p.length && prefix.every((x, i) => x === p[i]);

/**
 * Builds the node for `rel` and its embeds. `path` is this node's embed path; filters, order and limits
 * found in `scoped` for one of `paths` (an embed can be addressed by alias or by name) are attached to it. `withFilters` is false for a mutation's
 * representation, whose root filters belong to the UPDATE/DELETE itself.
 */
export function planNode(
  cat: Catalog, rel: Relation, select: SelectItem[], scoped: Scoped, paths: string[][] = [[]], withFilters = true,
): PlanNode {
  const here = (p: string[]) => paths.some((x) => samePath(x, p));
  const node: PlanNode = { relation: rel.name, ...(cat.schema !== 'public' ? { schema: cat.schema } : {}), columns: [], where: [], order: [] };
  const embeds = new Map<string, PlanNode>();
  for (const item of select) {
    if (item.type === 'star') { node.columns.push({ kind: 'star' }); continue; }
    if (item.type === 'column') {
      const computed = item.name === '*' && item.aggregate === 'count' ? {} : columnOrComputed(cat, rel, item.name);
      const cast = castType(item.cast);
      const aggregateCast = castType(item.aggregateCast);
      const key = item.alias ?? (item.aggregate && !item.json ? item.aggregate : item.name);
      node.columns.push({
        kind: 'column', name: item.name, key, ...(cast ? { cast } : {}), ...(item.json ? { json: item.json } : {}), ...computed,
        ...(item.aggregate ? { aggregate: item.aggregate } : {}), ...(aggregateCast ? { aggregateCast } : {}),
      });
      continue;
    }
    const r = resolveEmbed(cat, rel.name, item.name, item.hint);
    const target = cat.relations.get(r.target)!;
    const key = item.alias ?? item.name;
    // Two embeds under one name would give one JSON object two equal keys: Postgres refuses the duplicate alias.
    if (!item.spread && node.columns.some((c) => c.kind === 'embed' && !c.spread && c.key === key)) {
      throw new RestError(400, '42712', `table name "${rel.name}_${key}_1" specified more than once`);
    }
    const childPaths = paths.flatMap((p) => (item.alias !== undefined ? [[...p, key], [...p, item.name]] : [[...p, key]]));
    const child = planNode(cat, target, item.select, scoped, childPaths, true);
    child.join = r.join;
    child.toOne = r.toOne;
    if (r.junction) child.junction = { relation: r.junction.relation, toParent: r.junction.toParent, toChild: r.junction.toChild };
    if (r.fn) child.fn = r.fn;
    if (!embeds.has(key)) embeds.set(key, child);
    if (item.alias !== undefined && !embeds.has(item.name)) embeds.set(item.name, child);
    if (item.spread) {
      // Spread fields are rendered one by one: `*` becomes the target's columns.
      child.columns = child.columns.flatMap((c): PlanColumn[] => (c.kind === 'star' ? target.columns.map((t) => ({ kind: 'column', name: t.name, key: t.name })) : [c]));
    }
    node.columns.push({ kind: 'embed', key, node: child, output: item.select.length > 0, ...(item.spread ? { spread: true } : {}) });
    if (item.inner) node.where.push({ kind: 'exists', negate: false, node: child });
  }
  // Filters, order and limits addressed to an embed that is not in `select`.
  for (const f of [...scoped.filters, ...scoped.order, ...scoped.limits]) {
    const parent = paths.find((p) => isPrefix(p, f.path));
    if (parent && !embeds.has(f.path[parent.length]!)) {
      const name = f.path[parent.length]!;
      throw new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
        `Verify that '${name}' is included in the 'select' query parameter.`);
    }
  }
  if (withFilters) {
    for (const f of scoped.filters) if (here(f.path)) node.where.push(planCondition(rel, f.condition, embeds, cat));
  }
  for (const o of scoped.order) if (here(o.path)) node.order.push(...planOrder(rel, o.terms, embeds, cat));
  for (const l of scoped.limits) {
    if (!here(l.path)) continue;
    if (l.limit !== undefined) node.limit = l.limit;
    if (l.offset !== undefined) node.offset = l.offset;
  }
  return node;
}

export function planCondition(rel: Relation, c: Condition, embeds: Map<string, PlanNode> = new Map(), cat?: Catalog): PlanCondition {
  if (c.type === 'logic') {
    return { kind: 'logic', op: c.op, negate: c.negate, conditions: c.conditions.map((x) => planCondition(rel, x, new Map(), cat)) };
  }
  const embed = embeds.get(c.column);
  if (embed && !rel.columnMap.has(c.column) && c.op === 'is' && (c.value === 'null' || c.value === 'not_null')) {
    // `embed=is.null` keeps parents without a match; `embed=not.is.null` keeps those with one.
    return { kind: 'exists', negate: (c.value === 'null') !== c.negate, node: embed };
  }
  const computed = columnOrComputed(cat, rel, c.column);
  // Full-text operators on a column that already is a tsvector use it as is.
  const tsvector = rel.columnMap.get(c.column)?.type === 'tsvector' && !c.json;
  return {
    kind: 'filter', column: c.column, ...computed, ...(tsvector ? { tsvector } : {}), ...(c.json ? { json: c.json } : {}), negate: c.negate, op: c.op, value: c.value,
    ...(c.config !== undefined ? { config: c.config } : {}), ...(c.quantifier ? { quantifier: c.quantifier } : {}),
  };
}

export function planOrder(rel: Relation, terms: OrderTerm[], embeds: Map<string, PlanNode> = new Map(), cat?: Catalog): PlanOrder[] {
  return terms.map((t) => {
    const rest = { ...(t.json ? { json: t.json } : {}), dir: t.dir ?? 'asc', ...(t.nulls ? { nulls: t.nulls } : {}) } as const;
    if (t.relation === undefined) return { column: t.column, ...columnOrComputed(cat, rel, t.column), ...rest };
    const embed = embeds.get(t.relation);
    if (!embed || !embed.toOne) {
      throw new RestError(400, 'PGRST118', `A related order on '${t.relation}' is not possible`,
        `'${rel.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship in this request`);
    }
    const target = cat?.relations.get(embed.relation);
    if (!embed.join || !target) throw unknownColumn(rel.name, t.relation);
    return { column: requireColumn(target, t.column), ...rest, embed: { ...embed, columns: [], where: [], order: [], limit: undefined, offset: undefined } };
  });
}

/** Payload columns of an insert/update: every key must be a column of `rel` (PGRST204 otherwise). */
export function payloadColumns(rel: Relation, keys: string[]): string[] {
  for (const k of keys) if (!rel.columnMap.has(k)) throw unknownPayloadColumn(rel.name, k);
  return keys;
}

export type { PlanColumn };
