// Output formats besides JSON, chosen by the Accept header: `text/csv`, and `;nulls=stripped` on the JSON array or
// object media types (keys whose value is null are left out, at every depth, as json_strip_nulls does).
import type { RestResponse } from './operations.ts';

export type OutputFormat = { kind: 'array' | 'object'; stripNulls: boolean } | { kind: 'csv' };

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const ARRAY_MEDIA = 'application/vnd.pgrst.array+json';

/** The first media type of `accept` this server produces, or undefined when there is none. */
export function outputFormat(accept: string | undefined): OutputFormat | undefined {
  if (!accept) return { kind: 'array', stripNulls: false };
  // A single object, when asked for at all, wins over the generic types listed with it.
  const object = accept.split(',').find((p) => p.split(';')[0]!.trim().toLowerCase() === OBJECT_MEDIA);
  if (object) return { kind: 'object', stripNulls: object.toLowerCase().includes('nulls=stripped') };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === OBJECT_MEDIA) return { kind: 'object', stripNulls };
    if (type === ARRAY_MEDIA) return { kind: 'array', stripNulls };
    if (type === 'text/csv') return { kind: 'csv' };
    if (type === '*/*' || type === 'application/json' || type === 'application/*' || type === '') return { kind: 'array', stripNulls: false };
  }
  return undefined;
}

function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => [k, stripNulls(x)]));
  }
  return v;
}

function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV: a header of the first row's keys, then one line per row. */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  return [keys.map(csvField).join(','), ...rows.map((r) => keys.map((k) => csvField(r[k])).join(','))].join('\n');
}

/** Re-encodes a successful JSON answer in the requested format. */
export function applyFormat(r: RestResponse, format: OutputFormat): RestResponse {
  if (r.status >= 300 || r.body === '' || !/json/.test(r.headers['Content-Type'] ?? '')) return r;
  if (format.kind === 'csv') {
    const value = JSON.parse(r.body) as unknown;
    const rows = (Array.isArray(value) ? value : [value]).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object');
    return { ...r, headers: { ...r.headers, 'Content-Type': 'text/csv; charset=utf-8' }, body: toCsv(rows) };
  }
  if (!format.stripNulls) return r;
  const type = format.kind === 'object' ? `${OBJECT_MEDIA}; nulls=stripped; charset=utf-8` : `${ARRAY_MEDIA}; nulls=stripped; charset=utf-8`;
  return { ...r, headers: { ...r.headers, 'Content-Type': type }, body: JSON.stringify(stripNulls(JSON.parse(r.body))) };
}
