// Recursive-descent grammars for the PostgREST query-string languages other than the select list: filter keys and
// values, logic trees, order lists and column lists. Each parse function consumes a whole parameter value or throws PGRST100.
import { Cursor, identifier, jsonPath, quoted } from './lexer.ts';
import type { Condition, JsonStep, Operator, OrderTerm } from './types.ts';

export const OPERATORS: readonly Operator[] = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch',
  'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
];
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const OPERATOR_LIST = 'operator (eq, gt, ...)';

/** A filter key's column part: `name` or `name->a->>b`. */
export function parseField(text: string): { column: string; json?: JsonStep[] } {
  const c: Cursor = new Cursor(text, 'filter');
  const column = identifier(c);
  const json = jsonPath(c);
  c.end();
  return { column, ...(json.length ? { json } : {}) };
}

// ---------------------------------------------------------------- filters

/** A filter value `[not.]op.value` given as a query parameter (the column comes from the key). */
export function parseFilter(field: { column: string; json?: JsonStep[] }, text: string): Condition {
  const c: Cursor = new Cursor(text, 'filter');
  const negate = c.startsWith('not.');
  if (negate) c.pos += 4;
  const { op, config, quantifier } = operator(c);
  const value = operand(c, op, false);
  c.end();
  return { type: 'filter', ...field, negate, op, value, ...(config !== undefined ? { config } : {}), ...(quantifier ? { quantifier } : {}) };
}

const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

/** `op.`, `fts(config).` or `op(any|all).` (the value is then a `{a,b}` array literal). */
function operator(c: Cursor): { op: Operator; config?: string; quantifier?: 'any' | 'all' } {
  const m = /^([a-z]+)(\(([\p{L}\p{N}_]+)\))?\./u.exec(c.text.slice(c.pos));
  if (!m || !(OPERATORS as readonly string[]).includes(m[1]!)) c.fail(`"not" or ${OPERATOR_LIST}`);
  const op = m[1] as Operator;
  const arg = m[3];
  if (arg !== undefined && !FTS.has(op) && !(QUANTIFIABLE.has(op) && (arg === 'any' || arg === 'all'))) c.fail(`"." after ${op}`);
  c.pos += m[0].length;
  if (arg !== undefined && !FTS.has(op)) {
    if (c.peek() !== '{') c.fail('"{" (a list like {a,b})');
    return { op, quantifier: arg as 'any' | 'all' };
  }
  return { op, ...(arg !== undefined ? { config: arg } : {}) };
}

/** Reads the value of an operator. Inside a logic tree values stop at `,` or `)` unless double-quoted. */
function operand(c: Cursor, op: Operator, inLogic: boolean): string | string[] {
  if (op === 'in') return list(c);
  let value: string;
  if (inLogic) {
    if (c.peek() === '"') value = quoted(c);
    else if (c.peek() === '{') value = braces(c);
    else { const start = c.pos; while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++; value = c.text.slice(start, c.pos); }
  } else {
    value = c.text.slice(c.pos);
    c.pos = c.text.length;
  }
  if (op === 'is' && !IS_VALUES.has(value.toLowerCase())) {
    c.pos -= value.length;
    c.fail('null or trilean value (null, true, false, unknown)');
  }
  return op === 'is' ? value.toLowerCase() : value;
}

function braces(c: Cursor): string {
  const start = c.pos;
  c.expect('{');
  while (!c.done && c.peek() !== '}') { if (c.peek() === '"') quoted(c); else c.pos++; }
  c.expect('}');
  return c.text.slice(start, c.pos);
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']. */
function list(c: Cursor): string[] {
  c.expect('(');
  const values: string[] = [];
  if (c.peek() === ')') { c.pos++; return values; }
  for (;;) {
    if (c.peek() === '"') values.push(quoted(c));
    else {
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.text.slice(start, c.pos).trim());
    }
    if (c.peek() === ',') { c.pos++; continue; }
    c.expect(')');
    return values;
  }
}

// ---------------------------------------------------------------- logic trees

/** The value of `or=` / `and=`: `(cond,cond,...)` where cond is `field.[not.]op.value` or `[not.]and|or(...)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Condition {
  const c: Cursor = new Cursor(text, 'logic tree');
  const conditions = logicGroup(c, 0);
  c.end();
  return { type: 'logic', op, negate, conditions };
}

function logicGroup(c: Cursor, depth: number): Condition[] {
  if (depth > 32) c.fail('less nesting');
  c.expect('(');
  const out: Condition[] = [];
  for (;;) {
    out.push(logicItem(c, depth));
    if (c.peek() === ',') { c.pos++; continue; }
    c.expect(')');
    return out;
  }
}

function logicItem(c: Cursor, depth: number): Condition {
  const m = /^(not\.)?(and|or)\(/.exec(c.text.slice(c.pos));
  if (m) {
    c.pos += m[0].length - 1;
    return { type: 'logic', op: m[2] as 'and' | 'or', negate: !!m[1], conditions: logicGroup(c, depth + 1) };
  }
  const column = identifier(c);
  const json = jsonPath(c);
  c.expect('.');
  const negate = c.startsWith('not.');
  if (negate) c.pos += 4;
  const { op, config, quantifier } = operator(c);
  const value = operand(c, op, true);
  return {
    type: 'filter', column, ...(json.length ? { json } : {}), negate, op, value,
    ...(config !== undefined ? { config } : {}), ...(quantifier ? { quantifier } : {}),
  };
}

// ---------------------------------------------------------------- order

export function parseOrder(text: string): OrderTerm[] {
  const c: Cursor = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    let term: OrderTerm = { column: identifier(c) };
    if (c.peek() === '(') {
      c.pos++;
      term = { relation: term.column, column: identifier(c) };
      c.expect(')');
    }
    const json = jsonPath(c);
    if (json.length) term.json = json;
    while (c.peek() === '.') {
      c.pos++;
      const m = /^(asc|desc|nullsfirst|nullslast)/.exec(c.text.slice(c.pos));
      if (!m) c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      const word = m[1]!;
      if ((word === 'asc' || word === 'desc') && term.dir === undefined && term.nulls === undefined) term.dir = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && term.nulls === undefined) term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else c.fail('"," or end of input');
      c.pos += word.length;
    }
    terms.push(term);
    if (c.peek() === ',') { c.pos++; continue; }
    c.end();
    return terms;
  }
}

/** `columns=` and `on_conflict=`: comma-separated field names, optionally double-quoted. */
export function parseColumnList(text: string, what: string): string[] {
  const c: Cursor = new Cursor(text, what);
  const out: string[] = [];
  for (;;) {
    out.push(identifier(c));
    c.skipSpaces();
    if (c.peek() === ',') { c.pos++; continue; }
    c.end();
    return out;
  }
}
