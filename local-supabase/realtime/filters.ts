// postgres_changes filters, as Supabase Realtime accepts them: one `column=op.value` per binding, op one of eq, neq,
// lt, lte, gt, gte, in (`in.(a,b,c)`). Values are compared as the column's type (numbers as numbers, times as
// instants, the rest as text); a null column matches nothing, as in SQL.

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

function unquote(v: string): string {
  const t = v.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t;
}

/** The filter's parts, or null when it is not of the accepted form. */
export function parseFilter(filter: string): ParsedFilter | null {
  const m = /^([^=]+)=([a-z]+)\.([\s\S]*)$/.exec(filter);
  if (!m) return null;
  const column = m[1]!.trim();
  const op = m[2] as FilterOp;
  if (!column || !OPS.has(op)) return null;
  const raw = m[3]!;
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(raw.trim());
    if (!list) return null;
    // Commas inside double quotes belong to the value.
    const values = [...list[1]!.matchAll(/"(?:[^"\\]|\\.)*"|[^,]+/g)].map((x) => unquote(x[0]));
    if (values.length === 0 || values.length > 100) return null;
    return { column, op, values };
  }
  return { column, op, values: [raw] };
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const TIME = new Set(['timestamptz', 'timestamp', 'date']);

function compare(actual: unknown, expected: string, type: string): number | null {
  if (actual === null || actual === undefined) return null;
  if (NUMERIC.has(type)) {
    const a = Number(actual);
    const b = Number(expected);
    if (Number.isNaN(a) || Number.isNaN(b) || expected.trim() === '') return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (TIME.has(type)) {
    const a = Date.parse(String(actual));
    const b = Date.parse(expected);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const b = /^(t|true|1|y|yes|on)$/i.test(expected) ? true : /^(f|false|0|n|no|off)$/i.test(expected) ? false : null;
    if (b === null || typeof actual !== 'boolean') return null;
    return actual === b ? 0 : actual ? 1 : -1;
  }
  let a = typeof actual === 'string' ? actual : JSON.stringify(actual);
  let b = expected;
  if (type === 'uuid') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Whether `record` passes the filter; `type` is the column's type name (pg_type.typname). */
export function matchesFilter(f: ParsedFilter, record: Record<string, unknown>, type: string): boolean {
  const actual = record[f.column];
  if (f.op === 'in') return f.values.some((v) => compare(actual, v, type) === 0);
  const c = compare(actual, f.values[0]!, type);
  if (c === null) return false;
  switch (f.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
  return false;
}
