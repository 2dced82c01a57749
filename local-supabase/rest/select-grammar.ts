// The grammar of `select=`: columns with aliases, JSON paths and casts, aggregates, embeds with hints and spreads.
// It consumes the whole value or throws PGRST100.
import { Cursor, identifier, jsonPath } from './lexer.ts';
import type { Aggregate, SelectItem } from './types.ts';

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
