// Which table column each column of a view shows, read from the view's stored query tree (pg_rewrite.ev_action):
// each entry of the top-level target list names its origin (`:resorigtbl` relation oid, `:resorigcol` attribute
// number), or 0 when the column is computed. A view over a view is followed down to the table.
import type { Query } from './catalog.ts';

export interface ColumnOrigin {
  viewColumn: string;
  table: number;
  column: number;
}

/** The text of the top-level `:targetList (...)` of a query tree, skipping the target lists of nested queries. */
function topLevelTargetList(tree: string): string | null {
  let depth = 0;
  for (let i = 0; i < tree.length; i++) {
    const c = tree[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 1 && tree.startsWith(':targetList ', i)) {
      const start = i + ':targetList '.length;
      if (tree[start] !== '(') return null;
      let parens = 0;
      for (let j = start; j < tree.length; j++) {
        if (tree[j] === '\\') j++;
        else if (tree[j] === '(') parens++;
        else if (tree[j] === ')' && --parens === 0) return tree.slice(start, j + 1);
      }
      return null;
    }
  }
  return null;
}

/** The TARGETENTRY nodes of a target list at its own level, as their text. */
function targetEntries(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0 && start >= 0) out.push(list.slice(start, i + 1));
    }
  }
  return out.filter((e) => e.startsWith('{TARGETENTRY'));
}

/** A field of a node at its own level (the last occurrence: nested nodes come first in a TARGETENTRY). */
function field(entry: string, name: string): string | null {
  const re = new RegExp(`:${name} ((?:\\\\.|[^\\s\\\\])+)`, 'g');
  let last: string | null = null;
  for (const m of entry.matchAll(re)) last = m[1]!;
  return last === null ? null : last.replace(/\\(.)/g, '$1');
}

function parseOrigins(tree: string): ColumnOrigin[] {
  const list = topLevelTargetList(tree);
  if (!list) return [];
  return targetEntries(list).flatMap((entry) => {
    const name = field(entry, 'resname');
    const table = Number(field(entry, 'resorigtbl'));
    const column = Number(field(entry, 'resorigcol'));
    if (!name || name === '<>' || field(entry, 'resjunk') === 'true' || !table || !column) return [];
    return [{ viewColumn: name, table, column }];
  });
}

/** For each view oid: its columns that show a table column, with that column's relation and attribute number. */
export async function viewColumnOrigins(q: Query, views: number[]): Promise<Map<number, ColumnOrigin[]>> {
  if (views.length === 0) return new Map();
  const all = new Map(
    (await q<{ view: number; tree: string }>(
      `select r.ev_class::int as view, r.ev_action::text as tree from pg_rewrite r
         join pg_class c on c.oid = r.ev_class where c.relkind in ('v', 'm') and r.rulename = '_RETURN'`,
    )).rows.map((r) => [r.view, parseOrigins(r.tree)]),
  );
  const attNames = new Map<string, string>();
  for (const r of (await q<{ rel: number; att: number; name: string }>(
    `select a.attrelid::int as rel, a.attnum::int as att, a.attname as name from pg_attribute a
       join pg_class c on c.oid = a.attrelid where c.relkind in ('v', 'm') and a.attnum > 0`,
  )).rows) attNames.set(`${r.rel}.${r.att}`, r.name);
  /** Follows a column of a view down to the table it comes from. */
  const resolve = (origin: ColumnOrigin, seen: Set<number>): ColumnOrigin | null => {
    const inner = all.get(origin.table);
    if (!inner) return origin;
    if (seen.has(origin.table)) return null;
    const name = attNames.get(`${origin.table}.${origin.column}`);
    const next = inner.find((o) => o.viewColumn === name);
    return next ? resolve({ ...next, viewColumn: origin.viewColumn }, new Set([...seen, origin.table])) : null;
  };
  return new Map(
    views.map((v) => [v, (all.get(v) ?? []).flatMap((o) => resolve(o, new Set([v])) ?? [])]),
  );
}
