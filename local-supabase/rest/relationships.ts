// Relationships between relations of one schema, and PostgREST's rules for which one an embed (`target!hint(...)`)
// means: foreign keys in both directions, self-references, many-to-many through junction tables, computed relationships.
import type { Catalog, ForeignKey, Relation } from './catalog.ts';
import { RestError, closest } from './errors.ts';

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
  // The embedding table's side comes first: the FK columns when it holds the key, the referenced ones otherwise.
  const fk = r.fk!;
  const fkSide = `${fk.table}(${fk.columns.join(', ')})`;
  const refSide = `${fk.refTable}(${fk.refColumns.join(', ')})`;
  const fromFk = r.join[0]?.[0] === fk.columns[0];
  return {
    cardinality: r.cardinality, embedding: `${parent} with ${r.target}`,
    relationship: `${fk.name} using ${fromFk ? `${fkSide} and ${refSide}` : `${refSide} and ${fkSide}`}`,
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
