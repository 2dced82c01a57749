// PostgREST's error body {code, message, details, hint} and its HTTP status mapping.

export interface ErrorBody { code: string; message: string; details: unknown; hint: string | null }

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** Thrown inside a transaction to roll it back while still answering with a prepared response. */
export class Rollback extends Error {
  constructor(readonly response: { status: number; headers: Record<string, string>; body: string }) {
    super('rollback');
  }
}

export const parseError = (what: string, value: string, column: number, details: string) =>
  new RestError(400, 'PGRST100', `"failed to parse ${what} (${value})" (line 1, column ${column})`, details);

export const invalidBody = (message = 'Empty or invalid json', details: string | null = null) =>
  new RestError(400, 'PGRST102', message, details);

/** The candidate closest to `name` (edit distance at most a third of its length, case ignored), for hints. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const a = name.toLowerCase();
  if (a.length > 100) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(a.length / 3)) + 1;
  for (const candidate of candidates) {
    const b = candidate.toLowerCase();
    if (Math.abs(a.length - b.length) >= bestDistance) continue;
    // Optimal string alignment distance: a swap of two neighbours counts as one edit.
    const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
    for (let j = 0; j <= b.length; j++) d[0]![j] = j;
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
        d[i]![j] = v;
      }
    }
    const distance = d[a.length]![b.length]!;
    if (distance < bestDistance) { bestDistance = distance; best = candidate; }
  }
  return best;
}

export const unknownTable = (name: string, known: Iterable<string> = [], schema = 'public') => {
  const guess = closest(name, known);
  return new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null,
    guess ? `Perhaps you meant the table '${schema}.${guess}'` : null);
};

export const unknownColumn = (table: string, column: string, known: Iterable<string> = []) => {
  const guess = closest(column, known);
  return new RestError(400, '42703', `column ${table}.${column} does not exist`, null,
    guess ? `Perhaps you meant to reference the column "${table}.${guess}".` : null);
};

export const unknownPayloadColumn = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const singleObjectError = (rows: number) =>
  new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

/** HTTP status for a Postgres SQLSTATE, as PostgREST maps it. `anon` is true when the request ran as the anon role. */
export function statusFor(sqlstate: string, anon: boolean): number {
  const pt = /^PT(\d{3})$/.exec(sqlstate);
  if (pt) {
    const status = Number(pt[1]);
    return status >= 100 && status <= 599 ? status : 500;
  }
  switch (sqlstate) {
    case '42501': return anon ? 401 : 403;
    case '23503': case '23505': return 409;
    case '25006': return 405;
    case '42883': case '42P01': return 404;
    case '42P17': return 500;
    case 'P0001': return 400;
    case '22023': return 400;
    case '21000': return 500;
    case '53400': return 500;
    case '57P01': return 503;
  }
  const cls = sqlstate.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

interface PgErrorLike { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

/** Turns whatever was thrown into a RestError; Postgres errors keep SQLSTATE, message, detail and hint. */
export function toRestError(e: unknown, anon: boolean): RestError {
  if (e instanceof RestError) return e;
  const pg = e as PgErrorLike;
  if (e && typeof e === 'object' && typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    const status = statusFor(pg.code, anon);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(
      status, pg.code, String(pg.message ?? ''),
      typeof pg.detail === 'string' ? pg.detail : null,
      typeof pg.hint === 'string' ? pg.hint : null,
      headers,
    );
  }
  return new RestError(500, 'PGRST000', 'Internal error while processing the request', e instanceof Error ? e.message : null);
}
