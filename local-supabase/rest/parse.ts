// Query string (and Prefer / Range headers) → ParsedQuery. No catalog knowledge here.
import { parseError } from './errors.ts';
import { parseColumnList, parseField, parseFilter, parseLogic, parseOrder } from './grammar.ts';
import { parseSelect } from './select-grammar.ts';
import type { ParsedQuery, Prefer } from './types.ts';

const ROOT_RESERVED = new Set(['select', 'columns', 'on_conflict']);

/** Splits `a.b."c.d"` on dots outside double quotes. */
export function splitKey(key: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let inQuote = false;
  for (let i = 0; i < key.length; i++) {
    const ch = key[i]!;
    if (ch === '"') { inQuote = !inQuote; continue; }
    if (ch === '\\' && inQuote && i + 1 < key.length) { cur += key[++i]; continue; }
    if (ch === '.' && !inQuote) { parts.push(cur); cur = ''; continue; }
    cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim());
}

function nonNegativeInt(what: string, text: string): number {
  if (!/^\d{1,15}$/.test(text)) {
    const bad = text.search(/\D/);
    const col = bad < 0 ? text.length + 1 : bad + 1;
    throw parseError(what, text, col, `unexpected ${bad < 0 ? 'end of input' : `"${text[bad]}"`} expecting digit`);
  }
  return Number(text);
}

/**
 * Parses every parameter. `skip` names parameters that are not part of the query language
 * (the arguments of a GET /rpc call).
 */
export function parseQuery(query: URLSearchParams, skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const out: ParsedQuery = { select: [{ type: 'star' }], filters: [], order: [], limits: [] };
  const limitAt = (path: string[]) => {
    const key = path.join('\u0000');
    let entry = out.limits.find((l) => l.path.join('\u0000') === key);
    if (!entry) { entry = { path }; out.limits.push(entry); }
    return entry;
  };
  for (const [key, value] of query) {
    if (skip.has(key)) continue;
    if (key === 'select') { out.select = parseSelect(value); continue; }
    if (key === 'columns') { out.columns = parseColumnList(value, 'columns'); continue; }
    if (key === 'on_conflict') { out.onConflict = parseColumnList(value, 'on_conflict'); continue; }
    const parts = splitKey(key);
    if (parts.some((p) => p === '')) throw parseError('filter', key, 1, 'unexpected "." expecting field name');
    const last = parts[parts.length - 1]!;
    const beforeLast = parts[parts.length - 2];
    if (last === 'order') { out.order.push({ path: parts.slice(0, -1), terms: parseOrder(value) }); continue; }
    if (last === 'limit') { limitAt(parts.slice(0, -1)).limit = nonNegativeInt('limit', value); continue; }
    if (last === 'offset') { limitAt(parts.slice(0, -1)).offset = nonNegativeInt('offset', value); continue; }
    if (last === 'or' || last === 'and') {
      const negate = beforeLast === 'not';
      const path = parts.slice(0, negate ? -2 : -1);
      out.filters.push({ path, condition: parseLogic(last, negate, value) });
      continue;
    }
    if (parts.length === 1 && ROOT_RESERVED.has(last)) continue;
    const field = last.includes('->') ? parseField(last) : { column: last };
    out.filters.push({ path: parts.slice(0, -1), condition: parseFilter(field, value) });
  }
  return out;
}

/** `Prefer: return=representation, count=exact` → { return, count }. Unknown preferences are ignored, as PostgREST does by default. */
export function parsePrefer(header: string | undefined): Prefer {
  return readPrefer(header).prefer;
}

/** The preferences of a Prefer header this server does not understand, as written (refused with `handling=strict`). */
export function invalidPreferences(header: string | undefined): string[] {
  return readPrefer(header).invalid;
}

function readPrefer(header: string | undefined): { prefer: Prefer; invalid: string[] } {
  const prefer: Prefer = {};
  const invalid: string[] = [];
  for (const part of (header ?? '').split(',')) {
    if (part.trim() === '') continue;
    const [k, v] = part.trim().split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefer.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefer.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefer.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefer.missing = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) prefer.tx = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) prefer.handling = v;
    else if (k === 'max-affected' && v !== undefined && /^\d{1,15}$/.test(v)) prefer.maxAffected = Number(v);
    else if (k !== 'max-affected' && !(k === 'timezone' && v) && !(k === 'params' && v === 'single-object')) invalid.push(part.trim());
  }
  return { prefer, invalid };
}

/** `Range: 0-24` (optionally `items=0-24`) → offset/limit. Anything else is ignored, as PostgREST does. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header ?? '');
  if (!m) return undefined;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) return undefined;
  return { offset: from, limit: to - from + 1 };
}
