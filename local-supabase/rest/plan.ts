// Validates a ParsedQuery against the catalog and resolves embeds to foreign-key joins.
// Every identifier that reaches the SQL renderer has been found in the catalog here.
import type { Catalog, ForeignKey, Relation } from './catalog.ts';
import { RestError, unknownColumn, unknownPayloadColumn } from './errors.ts';
import type { Condition, OrderTerm, ParsedQuery, PlanColumn, PlanCondition, PlanNode, PlanOrder, SelectItem } from './types.ts';

/** Casts allowed in `select=col::type`, mapped to the SQL type they render as. */
export const CASTS: Record<string, string> = {
  text: 'text', varchar: 'text', int: 'integer', integer: 'integer', int4: 'integer', int2: 'smallint', smallint: 'smallint',
  int8: 'bigint', bigint: 'bigint', numeric: 'numeric', float: 'double precision', float8: 'double precision', float4: 'real',
  real: 'real', bool: 'boolean', boolean: 'boolean', date: 'date', timestamp: 'timestamp', timestamptz: 'timestamptz',
  time: 'time', json: 'json', jsonb: 'jsonb', uuid: 'uuid',
};

interface Relationship { fk: ForeignKey; target: string; join: [string, string][]; toOne: boolean; cardinality: string }

function relationships(cat: Catalog, parent: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cat.foreignKeys) {
    if (fk.table === parent) {
      out.push({ fk, target: fk.refTable, join: fk.columns.map((c, i) => [c, fk.refColumns[i]!]), toOne: true, cardinality: 'many-to-one' });
    }
    if (fk.refTable === parent) {
      const child = cat.relations.get(fk.table);
      const unique = !!child?.uniques.some((u) => u.length === fk.columns.length && u.every((c) => fk.columns.includes(c)));
      out.push({ fk, target: fk.table, join: fk.refColumns.map((c, i) => [c, fk.columns[i]!]), toOne: unique, cardinality: unique ? 'one-to-one' : 'one-to-many' });
    }
  }
  return out;
}

function resolveEmbed(cat: Catalog, parent: string, name: string, hint: string | undefined): Relationship {
  const matches = relationships(cat, parent).filter((r) =>
    (r.target === name || r.fk.name === name || (r.cardinality === 'many-to-one' && r.fk.columns.length === 1 && r.fk.columns[0] === name)) &&
    (hint === undefined || r.fk.name === hint || r.fk.columns.includes(hint) || r.target === hint));
  const unique = matches.filter((r, i) => matches.findIndex((o) => o.fk === r.fk && o.target === r.target) === i);
  if (unique.length === 1) return unique[0]!;
  // Embedding by FK name or column also matches views that inherit the FK: the base table wins.
  const tables = unique.filter((r) => cat.relations.get(r.target)?.kind === 'table');
  if (unique.length > 1 && tables.length === 1 && !unique.some((r) => r.target === name)) return tables[0]!;
  if (unique.length === 0) {
    const using = hint === undefined ? '' : ` using the hint '${hint}'`;
    throw new RestError(400, 'PGRST200', `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${name}'${using} in the schema 'public', but no matches were found.`);
  }
  throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    unique.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${parent} with ${r.target}`,
      relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})`,
    })),
    `Try changing '${name}' to one of the following: ${unique.map((r) => `'${name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`);
}

function requireColumn(rel: Relation, column: string): string {
  if (!rel.columnMap.has(column)) throw unknownColumn(rel.name, column, rel.columnMap.keys());
  return column;
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
  const node: PlanNode = { relation: rel.name, columns: [], where: [], order: [] };
  const embeds = new Map<string, PlanNode>();
  for (const item of select) {
    if (item.type === 'star') { node.columns.push({ kind: 'star' }); continue; }
    if (item.type === 'column') {
      requireColumn(rel, item.name);
      let cast: string | undefined;
      if (item.cast !== undefined) {
        cast = CASTS[item.cast];
        if (!cast) throw new RestError(400, '42704', `type "${item.cast}" does not exist`);
      }
      node.columns.push({ kind: 'column', name: item.name, key: item.alias ?? item.name, ...(cast ? { cast } : {}), ...(item.json ? { json: item.json } : {}) });
      continue;
    }
    const r = resolveEmbed(cat, rel.name, item.name, item.hint);
    const target = cat.relations.get(r.target)!;
    const key = item.alias ?? item.name;
    const childPaths = paths.flatMap((p) => (item.alias !== undefined ? [[...p, key], [...p, item.name]] : [[...p, key]]));
    const child = planNode(cat, target, item.select, scoped, childPaths, true);
    child.join = r.join;
    child.toOne = r.toOne;
    embeds.set(key, child);
    if (item.alias !== undefined && !embeds.has(item.name)) embeds.set(item.name, child);
    if (item.spread) {
      if (!r.toOne) {
        throw new RestError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`,
          `'${rel.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`);
      }
      // Spread fields are rendered one by one: `*` becomes the target's columns.
      if (child.columns.some((c) => c.kind === 'embed' && c.spread)) throw new RestError(400, 'PGRST100', 'Nested spread embeds are not supported by this server');
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
    for (const f of scoped.filters) if (here(f.path)) node.where.push(planCondition(rel, f.condition, embeds));
  }
  for (const o of scoped.order) if (here(o.path)) node.order.push(...planOrder(rel, o.terms, embeds, cat));
  for (const l of scoped.limits) {
    if (!here(l.path)) continue;
    if (l.limit !== undefined) node.limit = l.limit;
    if (l.offset !== undefined) node.offset = l.offset;
  }
  return node;
}

export function planCondition(rel: Relation, c: Condition, embeds: Map<string, PlanNode> = new Map()): PlanCondition {
  if (c.type === 'logic') {
    return { kind: 'logic', op: c.op, negate: c.negate, conditions: c.conditions.map((x) => planCondition(rel, x)) };
  }
  const embed = embeds.get(c.column);
  if (embed && !rel.columnMap.has(c.column) && c.op === 'is' && (c.value === 'null' || c.value === 'not_null')) {
    // `embed=is.null` keeps parents without a match; `embed=not.is.null` keeps those with one.
    return { kind: 'exists', negate: (c.value === 'null') !== c.negate, node: embed };
  }
  requireColumn(rel, c.column);
  return {
    kind: 'filter', column: c.column, ...(c.json ? { json: c.json } : {}), negate: c.negate, op: c.op, value: c.value,
    ...(c.config !== undefined ? { config: c.config } : {}), ...(c.quantifier ? { quantifier: c.quantifier } : {}),
  };
}

export function planOrder(rel: Relation, terms: OrderTerm[], embeds: Map<string, PlanNode> = new Map(), cat?: Catalog): PlanOrder[] {
  return terms.map((t) => {
    const rest = { ...(t.json ? { json: t.json } : {}), dir: t.dir ?? 'asc', ...(t.nulls ? { nulls: t.nulls } : {}) } as const;
    if (t.relation === undefined) return { column: requireColumn(rel, t.column), ...rest };
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
