// Recursive-descent grammars for the PostgREST query-string languages: select lists, filter values,
// logic trees and order lists. Each parse function consumes a whole parameter value or throws PGRST100.
import { parseError } from './errors.ts';
import type { Aggregate, Condition, JsonStep, Operator, OrderTerm, SelectItem } from './types.ts';

export const OPERATORS: readonly Operator[] = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch',
  'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
];
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const OPERATOR_LIST = 'operator (eq, gt, ...)';

class Cursor {
  pos = 0;
  constructor(readonly text: string, readonly what: string) {}
  get done() { return this.pos >= this.text.length; }
  peek(n = 0) { return this.text[this.pos + n] ?? ''; }
  startsWith(s: string) { return this.text.startsWith(s, this.pos); }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw parseError(this.what, this.text, this.pos + 1, `unexpected ${found} expecting ${expecting}`);
  }
  expect(s: string) {
    if (!this.startsWith(s)) this.fail(`"${s}"`);
    this.pos += s.length;
  }
  skipSpaces() { while (/\s/.test(this.peek())) this.pos++; }
  end() { if (!this.done) this.fail('end of input'); }
}

const identChar = (c: string) => c !== '' && /[\p{L}\p{N}_$ ]/u.test(c);

/** A field name: a double-quoted string (backslash escapes) or letters, digits, `_`, `$`, spaces and inner `-`. */
function identifier(c: Cursor, expecting = 'field name'): string {
  c.skipSpaces();
  if (c.peek() === '"') return quoted(c);
  let out = '';
  while (!c.done) {
    const ch = c.peek();
    if (identChar(ch)) { out += ch; c.pos++; continue; }
    if (ch === '-' && c.peek(1) !== '>' && out !== '' && identChar(c.peek(1))) { out += ch; c.pos++; continue; }
    break;
  }
  out = out.trim();
  if (!out) c.fail(expecting);
  return out;
}

/** `->a->>b` after a column name (keys: names, quoted names or array indexes). */
function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    const index = /^-?\d+(?![\p{L}_$])/u.exec(c.text.slice(c.pos));
    if (index) { c.pos += index[0].length; steps.push({ arrow, key: index[0] }); continue; }
    steps.push({ arrow, key: identifier(c, 'JSON key') });
  }
  return steps;
}

/** A filter key's column part: `name` or `name->a->>b`. */
export function parseField(text: string): { column: string; json?: JsonStep[] } {
  const c: Cursor = new Cursor(text, 'filter');
  const column = identifier(c);
  const json = jsonPath(c);
  c.end();
  return { column, ...(json.length ? { json } : {}) };
}

function quoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    if (c.done) c.fail('"\\"" (closing quote)');
    const ch = c.peek();
    c.pos++;
    if (ch === '\\' && !c.done) { out += c.peek(); c.pos++; continue; }
    if (ch === '"') return out;
    out += ch;
  }
}

// ---------------------------------------------------------------- select

export function parseSelect(text: string): SelectItem[] {
  const c: Cursor = new Cursor(text, 'select parameter');
  if (text.trim() === '') return [{ type: 'star' }];
  const items = selectList(c, 0);
  c.end();
  return items;
}

function selectList(c: Cursor, depth: number): SelectItem[] {
  if (depth > 16) c.fail('less nesting');
  const items: SelectItem[] = [];
  for (;;) {
    items.push(selectItem(c, depth));
    c.skipSpaces();
    if (c.peek() !== ',') return items;
    c.pos++;
  }
}

function selectItem(c: Cursor, depth: number): SelectItem {
  c.skipSpaces();
  if (c.peek() === '*') { c.pos++; return { type: 'star' }; }
  const spread = c.startsWith('...');
  if (spread) c.pos += 3;
  let name = identifier(c);
  let alias: string | undefined;
  c.skipSpaces();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    name = identifier(c);
    c.skipSpaces();
  }
  if (!spread && name === 'count' && c.startsWith('()')) {
    // `count()`: the number of rows (of each group).
    c.pos += 2;
    return { type: 'column', name: '*', aggregate: 'count', ...(alias !== undefined ? { alias } : {}), ...aggregateCast(c) };
  }
  if (!spread && name === 'count' && alias === undefined && /^\s*(,|\)|$)/.test(c.text.slice(c.pos))) {
    // A bare `count` (`messages(count)`) is the older spelling of `count()`.
    return { type: 'column', name: '*', aggregate: 'count' };
  }
  if (spread && alias !== undefined) c.fail('"(" (a spread embed takes no alias)');
  if (spread && c.peek() !== '!' && c.peek() !== '(') c.fail('"(" or "!" after a spread embed');
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | undefined;
    let inner = false;
    while (c.peek() === '!') {
      c.pos++;
      const h = identifier(c, 'embed hint');
      if (h === 'inner') inner = true;
      else if (h === 'left') inner = false;
      else if (hint === undefined) hint = h;
      else c.fail('"(" (only one relationship hint)');
      c.skipSpaces();
    }
    c.expect('(');
    c.skipSpaces();
    const select = c.peek() === ')' ? [] : selectList(c, depth + 1);
    c.skipSpaces();
    c.expect(')');
    return {
      type: 'embed', name, ...(alias !== undefined ? { alias } : {}), ...(hint !== undefined ? { hint } : {}), inner, select,
      ...(spread ? { spread: true } : {}),
    };
  }
  const json = jsonPath(c);
  if (json.length && alias === undefined) {
    const last = json[json.length - 1]!.key;
    if (!/^-?\d+$/.test(last)) alias = last;
  }
  let cast: string | undefined;
  if (c.startsWith('::')) {
    c.pos += 2;
    cast = identifier(c, 'type name').toLowerCase();
  }
  const agg = /^\.(count|sum|avg|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (agg) {
    c.pos += agg[0].length;
    return {
      type: 'column', name, ...(alias !== undefined ? { alias } : {}), ...(cast !== undefined ? { cast } : {}), ...(json.length ? { json } : {}),
      aggregate: agg[1] as Aggregate, ...aggregateCast(c),
    };
  }
  return { type: 'column', name, ...(alias !== undefined ? { alias } : {}), ...(cast !== undefined ? { cast } : {}), ...(json.length ? { json } : {}) };
}

/** `::type` after an aggregate call casts its result. */
function aggregateCast(c: Cursor): { aggregateCast?: string } {
  if (!c.startsWith('::')) return {};
  c.pos += 2;
  return { aggregateCast: identifier(c, 'type name').toLowerCase() };
}

/** Whether a select list (embeds included) uses an aggregate function. */
export function usesAggregates(items: SelectItem[]): boolean {
  return items.some((i) => (i.type === 'column' && i.aggregate !== undefined) || (i.type === 'embed' && usesAggregates(i.select)));
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
