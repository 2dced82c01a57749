// Fuzzing /rest/v1: a few thousand random and hostile query strings, headers and JSON bodies.
// Every answer must be a well-formed PostgREST error or a correct result, the server must stay up,
// and no row that RLS forbids the caller to change may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRestFixture, type RestFixture } from './rest-fixture.ts';

const REQUESTS = 2000;
/** Node's HTTP parser refuses request lines over 16 KB before any route sees them: keep URLs below that. */
const MAX_URL = 12_000;
const SEED = 20261122;

let fx: RestFixture;
beforeAll(async () => { fx = await startRestFixture(); });
afterAll(async () => { await fx?.stop(); });

/** mulberry32: a small seeded PRNG so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const HOSTILE = [
  "'", '"', '""', "''; drop table todos; --", '") or 1=1 --', "1; delete from todos", '(', ')', '((', '))', ',', '.', '..', '*', '%', '_',
  '\\', '\\"', '\u0000', 'ção ✓ 😀 中文', '\u202e\u200b', 'a'.repeat(10_000), '${1+1}', '<img src=x onerror=alert(1)>', 'null', 'NULL',
  'true', 'unknown', '{a,b}', '{', '}', '[1,2]', '{"a":1}', '1e309', '-0', '99999999999999999999', '2026-13-45', 'NaN', 'select', 'or',
  'not', 'in.(1', '"unterminated', 'eq.', 'not.', '::text', '->>', '!inner', 'pg_sleep(10)', '$1', '$$', '/*', '*/', '--', ' ', '',
  '...', '...owners(name)', '...tags(*)', 'owner(name)', '(any)', 'like(all).{a,b}',
];
const COLUMNS = ['id', 'title', 'done', 'priority', 'owner_id', 'reviewer_id', 'due', 'meta', 'labels', 'created_at', 'name', 'todo_id', 'body', 'nope'];
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'fts', 'wfts(english)', 'plfts(x"y)', 'xx', 'eq(any)', 'sl', '', 'not', 'not.not.eq'];
const EMBEDS = ['owners', 'tags', 'notes', 'owner_directory', 'settings', 'todos', 'owner_id', 'reviewer_id', 'todos_owner_id_fkey', 'nope', 'auth.users'];
const PATHS = [
  'todos', 'todos', 'todos', 'tags', 'notes', 'owners', 'settings', 'owner_directory', 'nope', 'pg_class', 'users', 'todos;drop', '../auth/v1/admin/users',
  'rpc/todo_counts', 'rpc/add_numbers', 'rpc/raise_with', 'rpc/bump_priority', 'rpc/echo_json', 'rpc/nope', 'rpc/pg_sleep', 'todos/1', '%00', 'ção',
];

type R = ReturnType<typeof prng>;

const TODO_COLUMNS = ['id', 'title', 'done', 'priority', 'owner_id', 'reviewer_id', 'due', 'meta', 'labels', 'created_at'];
const VALID_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs'];

/** A well-formed request on todos whose values are hostile: exercises binding, RLS and the success paths. */
function plausible(r: R): { method: string; path: string; q: URLSearchParams; body?: string } {
  const q = new URLSearchParams();
  const method = r.pick(['GET', 'GET', 'POST', 'PATCH', 'DELETE']);
  q.set('select', r.pick(['*', 'id,title', 'id,owner:owners!todos_owner_id_fkey(name),tags(name)', 'id,notes(body),tags!inner(name)']));
  for (let i = r.int(3); i > 0; i--) {
    const op = r.pick(VALID_OPS);
    const col = r.pick(TODO_COLUMNS);
    const v = op === 'is' ? r.pick(['null', 'true', 'false']) : op === 'in' ? `(${value(r).replace(/[(),"]/g, '')},${r.int(9)})` : value(r);
    q.append(col, `${r.chance(0.2) ? 'not.' : ''}${op}.${v}`);
  }
  if (r.chance(0.3)) q.set('or', `(id.eq.${r.int(9)},title.ilike.*${value(r).replace(/[(),"]/g, '')}*)`);
  const payload = () => ({ title: value(r) || 'x', ...(r.chance(0.5) ? { priority: r.int(5) } : {}), ...(r.chance(0.3) ? { meta: jsonValue(r, 0) } : {}), ...(r.chance(0.2) ? { owner_id: r.pick([ALICE, BOB]) } : {}) });
  const body = method === 'POST' ? JSON.stringify(r.chance(0.3) ? [payload(), payload()] : payload()) : method === 'PATCH' ? JSON.stringify(payload()) : undefined;
  return { method, path: 'todos', q, ...(body !== undefined ? { body } : {}) };
}

function value(r: R): string {
  if (r.chance(0.5)) return r.pick(HOSTILE);
  if (r.chance(0.5)) return String(r.int(10) - 2);
  return r.pick(HOSTILE) + r.pick(HOSTILE);
}

function filterValue(r: R): string {
  const op = r.pick(OPS);
  const neg = r.chance(0.2) ? 'not.' : '';
  if (op === 'in') return `${neg}in.(${Array.from({ length: r.int(4) }, () => (r.chance(0.3) ? `"${value(r)}"` : value(r))).join(',')}${r.chance(0.1) ? '' : ')'}`;
  if (op === 'is') return `${neg}is.${r.pick(['null', 'true', 'false', 'unknown', 'not_null', value(r)])}`;
  return `${neg}${op}.${value(r)}`;
}

function logic(r: R, depth: number): string {
  const items = Array.from({ length: 1 + r.int(4) }, () => {
    if (depth < 6 && r.chance(0.3)) return `${r.chance(0.3) ? 'not.' : ''}${r.pick(['and', 'or'])}${logic(r, depth + 1)}`;
    return `${r.pick(COLUMNS)}.${filterValue(r)}`;
  });
  const open = r.chance(0.05) ? '' : '(';
  const close = r.chance(0.05) ? '' : ')';
  return `${open}${items.join(r.chance(0.05) ? ';' : ',')}${close}`;
}

function selectList(r: R, depth: number): string {
  return Array.from({ length: 1 + r.int(4) }, () => {
    const k = r.int(10);
    if (k === 0) return '*';
    if (k <= 2 && depth < 4) {
      const alias = r.chance(0.3) ? `${r.pick(['a', 'dono', value(r)])}:` : '';
      const hint = r.chance(0.3) ? `!${r.pick(['inner', 'todos_owner_id_fkey', 'todos_reviewer_id_fkey', 'nope', value(r)])}` : '';
      return `${alias}${r.pick(EMBEDS)}${hint}(${r.chance(0.2) ? '' : selectList(r, depth + 1)}${r.chance(0.05) ? '' : ')'}`;
    }
    if (k === 3) return `${r.pick(COLUMNS)}::${r.pick(['text', 'int', 'jsonb', 'regclass', value(r)])}`;
    if (k === 4) return value(r);
    return `${r.chance(0.2) ? 'x:' : ''}${r.pick(COLUMNS)}`;
  }).join(',');
}

function query(r: R): URLSearchParams {
  const q = new URLSearchParams();
  const n = r.int(5);
  for (let i = 0; i < n; i++) {
    switch (r.int(12)) {
      case 0: q.append('select', selectList(r, 0)); break;
      case 1: q.append(r.pick(['or', 'and', 'not.or', 'not.and', 'tags.or']), logic(r, 0)); break;
      case 2: q.append('order', Array.from({ length: 1 + r.int(3) }, () => `${r.pick(COLUMNS)}${r.chance(0.5) ? `.${r.pick(['asc', 'desc', 'nullsfirst', 'nullslast', value(r)])}` : ''}`).join(',')); break;
      case 3: q.append(r.pick(['limit', 'offset', 'tags.limit', 'tags.offset']), r.chance(0.7) ? String(r.int(2000)) : value(r)); break;
      case 4: q.append(r.pick(['columns', 'on_conflict']), Array.from({ length: 1 + r.int(3) }, () => (r.chance(0.7) ? r.pick(COLUMNS) : value(r))).join(',')); break;
      case 5: q.append(`${r.pick(EMBEDS)}.${r.pick(COLUMNS)}`, filterValue(r)); break;
      case 6: q.append(value(r), filterValue(r)); break;
      case 7: q.append(r.pick(['a', 'b', 'min_priority', 'code', 'msg']), value(r)); break;
      default: q.append(r.pick(COLUMNS), filterValue(r));
    }
  }
  return q;
}

function jsonValue(r: R, depth: number): unknown {
  switch (r.int(depth > 2 ? 5 : 7)) {
    case 0: return value(r);
    case 1: return r.int(1000) - 500;
    case 2: return r.chance(0.5);
    case 3: return null;
    case 4: return r.next() * 1e12;
    case 5: return Array.from({ length: r.int(4) }, () => jsonValue(r, depth + 1));
    default: return row(r, depth + 1);
  }
}

function row(r: R, depth = 0): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--) o[r.chance(0.8) ? r.pick(COLUMNS) : value(r)] = jsonValue(r, depth);
  return o;
}

function body(r: R): string {
  const k = r.int(10);
  if (k === 0) return r.pick(['', '{', '[', 'null', '"x"', '{"title":}', '[{"title":"a"},', '\u0000', 'a'.repeat(5000), '{"a":1}{"b":2}']);
  if (k <= 2) return JSON.stringify(Array.from({ length: r.int(6) }, () => row(r)));
  if (k === 3) return JSON.stringify(Array.from({ length: 3 }, () => ({ title: value(r) })));
  return JSON.stringify(row(r));
}

function headers(r: R, token: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json', apikey: fx.sb.publishableKey, Authorization: `Bearer ${token}` };
  if (r.chance(0.4)) {
    h['Prefer'] = Array.from({ length: 1 + r.int(3) }, () =>
      r.pick(['return=representation', 'return=minimal', 'return=headers-only', 'count=exact', 'count=planned', 'resolution=merge-duplicates',
        'resolution=ignore-duplicates', 'missing=default', 'tx=rollback', 'handling=strict', 'max-affected=1', value(r).slice(0, 200)])).join(', ');
  }
  if (r.chance(0.15)) h['Accept'] = r.pick(['application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/json', value(r).slice(0, 50)]);
  if (r.chance(0.05)) h['Accept-Profile'] = r.pick(['public', 'auth', 'pg_catalog']);
  if (r.chance(0.05)) h['Content-Profile'] = r.pick(['public', 'auth']);
  if (r.chance(0.1)) h['Range'] = r.pick(['0-1', '5-2', '1-', 'items=0-999999', value(r).slice(0, 50)]);
  for (const [k, v] of Object.entries(h)) if (/[^\t\x20-\x7e]/.test(v)) h[k] = encodeURIComponent(v); // HTTP headers are Latin-1
  return h;
}

/** What Alice must never be able to change: Bob's rows (and what hangs off them), owners, settings, auth users. */
async function forbiddenChecksum(): Promise<string> {
  const { rows } = await fx.sb.pg.query<{ c: string }>(`
    select md5(concat_ws('|',
      (select string_agg(t::text, ',' order by t.id) from public.todos t where t.owner_id = '${BOB}'),
      (select string_agg(g::text, ',' order by g.id) from public.tags g join public.todos t on t.id = g.todo_id where t.owner_id = '${BOB}'),
      (select string_agg(n::text, ',' order by n.id) from public.notes n join public.todos t on t.id = n.todo_id where t.owner_id = '${BOB}'),
      (select string_agg(o::text, ',' order by o.id) from public.owners o),
      (select string_agg(s::text, ',' order by s.key) from public.settings s),
      (select string_agg(u.id::text || u.email, ',' order by u.id) from auth.users u),
      (select count(*)::text from public.todos where owner_id <> '${ALICE}')
    )) as c`);
  return rows[0]!.c;
}

/** Rows Alice can never see (Bob's, not reviewed by her): she cannot change them, so this set stays valid all along. */
async function hiddenFromAlice(): Promise<Set<number>> {
  const { rows } = await fx.sb.pg.query<{ id: number }>(
    `select id::int from public.todos where owner_id <> '${ALICE}' and reviewer_id is distinct from '${ALICE}'`);
  return new Set(rows.map((x) => x.id));
}

describe('fuzzing /rest/v1', () => {
  it(`answers ${REQUESTS} random and hostile requests with well-formed results or PostgREST errors, changing nothing RLS forbids`, async () => {
    const r = prng(SEED);
    const before = await forbiddenChecksum();
    const hidden = await hiddenFromAlice();
    expect(hidden.size).toBeGreaterThan(0);
    const alice = await fx.token(ALICE);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', sub: BOB })}.`;
    const tokens = [alice, alice, alice, alice, fx.sb.publishableKey, 'not.a.jwt', `${alice.slice(0, -4)}AAAA`, algNone];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const timings: [number, string][] = [];

    const one = async (i: number) => {
      const good = r.chance(0.3) ? plausible(r) : undefined;
      const method = good?.method ?? r.pick(['GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS']);
      const path = good?.path ?? r.pick(PATHS);
      const q = good?.q ?? query(r);
      const token = r.pick(tokens);
      const h = good ? { 'Content-Type': 'application/json', apikey: fx.sb.publishableKey, Authorization: `Bearer ${token}`, Prefer: 'return=representation' } : headers(r, token);
      const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
      let url = `${fx.sb.url}/rest/v1/${path.split('/').map((s) => (s === '..' ? s : encodeURIComponent(s))).join('/')}?${q}`;
      if (url.length > MAX_URL) url = url.slice(0, MAX_URL).replace(/%[0-9A-F]?$/i, '');
      const t0 = Date.now();
      const res = await fetch(url, { method, headers: h, ...(hasBody ? { body: good?.body ?? body(r) } : {}) });
      const text = await res.text();
      if (process.env.FUZZ_PROFILE) timings.push([Date.now() - t0, `${method} ${url.length} ${url.slice(0, 200)} → ${res.status} ${text.slice(0, 120)}`]);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `#${i} ${method} ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
      if (res.status >= 500) failures.push(`server error ${where}`);
      if (res.status >= 400 && method !== 'HEAD' && method !== 'OPTIONS') {
        let err: Record<string, unknown> | undefined;
        try { err = JSON.parse(text) as Record<string, unknown>; } catch { failures.push(`error body is not JSON ${where}`); return; }
        const keys = Object.keys(err ?? {}).sort().join(',');
        if (keys !== 'code,details,hint,message' || typeof err!.code !== 'string' || typeof err!.message !== 'string') {
          failures.push(`error body is not {code,message,details,hint} ${where}`);
        }
      } else if (res.status < 300 && text !== '') {
        let data: unknown;
        try { data = JSON.parse(text); } catch { failures.push(`success body is not JSON ${where}`); return; }
        if (method === 'GET' && path === 'todos' && Array.isArray(data) && token === alice) {
          for (const row of data as Record<string, unknown>[]) {
            if (row && typeof row.id === 'number' && hidden.has(row.id)) failures.push(`row ${row.id} leaked ${where}`);
          }
        }
        if (token !== alice && method === 'GET' && path === 'todos' && Array.isArray(data) && data.length) failures.push(`anonymous/forged read rows ${where}`);
      }
    };

    const started = Date.now();
    const cpu = process.cpuUsage();
    const PARALLEL = Number(process.env.FUZZ_PARALLEL ?? 8);
    for (let i = 0; i < REQUESTS; i += PARALLEL) {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, REQUESTS - i) }, (_, k) => one(i + k)));
    }
    const elapsed = Date.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    if (process.env.FUZZ_PROFILE) console.log(timings.sort((a, b) => b[0] - a[0]).slice(0, 25).map((t) => t.join(' ')).join('\n'));

    expect(failures.slice(0, 10)).toEqual([]);
    expect(await forbiddenChecksum()).toBe(before);
    // Still up and still right.
    const after = await fx.as(BOB).from('todos').select('id, title').eq('id', 5).single();
    expect(after.data).toEqual({ id: 5, title: 'Segredo do Bob' });
    // The mix really exercised both sides: successes and several kinds of errors.
    expect([...statuses.keys()].filter((s) => s < 300).length).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(4);
    // Bounded: the work itself (server and client share this process) stays well under a minute;
    // wall time depends on how busy the machine is, so it is only reported.
    console.log(`rest fuzz: ${REQUESTS} requests in ${elapsed} ms (${cpuSeconds.toFixed(1)} s CPU); statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(cpuSeconds).toBeLessThan(40);
  }, 300_000);
});
