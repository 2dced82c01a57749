// Validates a ParsedQuery against the catalog and resolves embeds to foreign-key joins.
// Every identifier that reaches the SQL renderer has been found in the catalog here.
import type { Catalog, Relation } from './catalog.ts';
import { RestError, unknownColumn, unknownPayloadColumn } from './errors.ts';
import { resolveEmbed } from './relationships.ts';
import type { Condition, OrderTerm, ParsedQuery, PlanColumn, PlanCondition, PlanNode, PlanOrder, SelectItem } from './types.ts';

/** Casts allowed in `select=col::type`, mapped to the SQL type they render as. */
export const CASTS: Record<string, string> = {
  text: 'text', varchar: 'text', int: 'integer', integer: 'integer', int4: 'integer', int2: 'smallint', smallint: 'smallint',
  int8: 'bigint', bigint: 'bigint', numeric: 'numeric', float: 'double precision', float8: 'double precision', float4: 'real',
  real: 'real', bool: 'boolean', boolean: 'boolean', date: 'date', timestamp: 'timestamp', timestamptz: 'timestamptz',
  time: 'time', json: 'json', jsonb: 'jsonb', uuid: 'uuid',
};

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

/**
 * A column of `rel` or one of its computed fields (then `computed`); otherwise 42703, naming the table as the SQL
 * does: by its name at the top, as `name_depth` when embedded (`messages_1` under the root).
 */
function columnOrComputed(cat: Catalog | undefined, rel: Relation, column: string, alias = rel.name): { computed?: true } {
  if (rel.columnMap.has(column)) return {};
  if (computedField(cat, rel, column)) return { computed: true };
  throw unknownColumn(alias, column, rel.columnMap.keys());
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
  const depth = paths[0]!.length;
  const alias = depth === 0 ? rel.name : `${rel.name}_${depth}`;
  const node: PlanNode = { relation: rel.name, ...(cat.schema !== 'public' ? { schema: cat.schema } : {}), columns: [], where: [], order: [] };
  const embeds = new Map<string, PlanNode>();
  for (const item of select) {
    if (item.type === 'star') { node.columns.push({ kind: 'star' }); continue; }
    if (item.type === 'column') {
      const computed = item.name === '*' && item.aggregate === 'count' ? {} : columnOrComputed(cat, rel, item.name, alias);
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
      // PostgREST hoists a spread's aggregates to the parent's grouping; this server does not, so it refuses them.
      if (child.columns.some((c) => c.kind === 'column' && c.aggregate)) {
        throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregate functions inside a spread embed are not supported by this server');
      }
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
    for (const f of scoped.filters) if (here(f.path)) node.where.push(planCondition(rel, f.condition, embeds, cat, alias));
  }
  for (const o of scoped.order) if (here(o.path)) node.order.push(...planOrder(rel, o.terms, embeds, cat, alias));
  for (const l of scoped.limits) {
    if (!here(l.path)) continue;
    if (l.limit !== undefined) node.limit = l.limit;
    if (l.offset !== undefined) node.offset = l.offset;
  }
  return node;
}

export function planCondition(rel: Relation, c: Condition, embeds: Map<string, PlanNode> = new Map(), cat?: Catalog, alias = rel.name): PlanCondition {
  if (c.type === 'logic') {
    return { kind: 'logic', op: c.op, negate: c.negate, conditions: c.conditions.map((x) => planCondition(rel, x, new Map(), cat, alias)) };
  }
  const embed = embeds.get(c.column);
  if (embed && !rel.columnMap.has(c.column) && c.op === 'is' && (c.value === 'null' || c.value === 'not_null')) {
    // `embed=is.null` keeps parents without a match; `embed=not.is.null` keeps those with one.
    return { kind: 'exists', negate: (c.value === 'null') !== c.negate, node: embed };
  }
  const computed = columnOrComputed(cat, rel, c.column, alias);
  // Full-text operators on a column that already is a tsvector use it as is.
  const tsvector = rel.columnMap.get(c.column)?.type === 'tsvector' && !c.json;
  return {
    kind: 'filter', column: c.column, ...computed, ...(tsvector ? { tsvector } : {}), ...(c.json ? { json: c.json } : {}), negate: c.negate, op: c.op, value: c.value,
    ...(c.config !== undefined ? { config: c.config } : {}), ...(c.quantifier ? { quantifier: c.quantifier } : {}),
  };
}

export function planOrder(rel: Relation, terms: OrderTerm[], embeds: Map<string, PlanNode> = new Map(), cat?: Catalog, alias = rel.name): PlanOrder[] {
  return terms.map((t) => {
    const rest = { ...(t.json ? { json: t.json } : {}), dir: t.dir ?? 'asc', ...(t.nulls ? { nulls: t.nulls } : {}) } as const;
    if (t.relation === undefined) return { column: t.column, ...columnOrComputed(cat, rel, t.column, alias), ...rest };
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
