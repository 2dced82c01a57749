// The lexical pieces shared by the PostgREST query-string grammars: a cursor over one parameter value that fails with
// PGRST100, field names (plain or double-quoted) and JSON paths (`->a->>b`).
import { parseError } from './errors.ts';
import type { JsonStep } from './types.ts';

export class Cursor {
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
export function identifier(c: Cursor, expecting = 'field name'): string {
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
export function jsonPath(c: Cursor): JsonStep[] {
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

export function quoted(c: Cursor): string {
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
