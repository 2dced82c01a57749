// Fuzzing /storage/v1: random and hostile object keys, headers and bodies from another user and from anon. Every
// answer must be a Storage error body (HTTP 400, statusCode as text) or a success, never a 500; the server stays up,
// the owner's objects keep their exact bytes, nothing appears in the owner's folder, and every row keeps its bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, bytesOf, PRIVATE, PUBLIC, rawRequest, startStorageWorld, type StorageWorld } from './storage-fixture.ts';

const REQUESTS = 600;
const SEED = 20261124;

let w: StorageWorld;
const seeded = new Map<string, Uint8Array>();
beforeAll(async () => {
  w = await startStorageWorld();
  for (let i = 0; i < 4; i++) {
    const key = `${w.owner.id}/dir${i % 2}/arquivo-${i}.pdf`;
    const data = binary(1000 + i * 333, i);
    const up = await w.ownerClient.storage.from(PRIVATE).upload(key, new Blob([data], { type: 'application/pdf' }));
    if (up.error) throw up.error;
    seeded.set(key, data);
  }
});
afterAll(async () => {
  await w?.sb.stop();
});

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
  return { int, pick, chance: (p: number) => next() < p };
}
type R = ReturnType<typeof prng>;

const SEGMENTS = [
  '..', '.', '', '%2e%2e', '%2E%2E%2F', '%2F', '%00', '%0a', '%09', '%7f', '%ef%bf%bf', '%ff', '%', '%zz', 'ção ✓ 😀', '%20', ' ',
  "'; drop table storage.objects; --", '<script>', '${1+1}', 'a'.repeat(1100), 'x?y', 'x#y', '\\', '*', 'null', 'list', 'sign',
  'public', 'authenticated', 'info', 'upload', 'move', 'copy', 'arquivo-0.pdf', 'dir0', 'dir1',
];
const BUCKETS = [PRIVATE, PUBLIC, 'nao-existe', '', '..', '%2e%2e', "x'y", 'a'.repeat(200)];
const ROUTES = ['', 'authenticated/', 'public/', 'sign/', 'info/', 'upload/sign/', 'list/'];
const CONTENT_TYPES = ['text/plain', 'application/pdf', 'text/html', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json', '', 'x/y; charset="', 'a'.repeat(500)];

function hostileKey(r: R): string {
  const segs: string[] = [];
  if (r.chance(0.6)) segs.push(r.pick([w.owner.id, w.other.id, 'sem-dono']));
  for (let i = r.int(4); i >= 0; i--) segs.push(r.pick(SEGMENTS));
  return segs.join(r.chance(0.1) ? '//' : '/');
}

function jsonBody(r: R): string {
  return r.pick([
    '{', '[]', 'null', '"x"', '{"prefix": 1}', '{"prefix": "", "limit": -1}', '{"prefix": "", "limit": 1e9, "offset": "x"}',
    `{"prefix": "${w.owner.id}/", "search": "%"}`, `{"prefixes": ["${[...seeded.keys()][0]}"]}`, '{"prefixes": []}', '{"prefixes": [1, null]}',
    `{"expiresIn": 60, "paths": ["${[...seeded.keys()][1]}", "../x"]}`, '{"expiresIn": -5}', '{"expiresIn": "60"}',
    `{"bucketId": "${PRIVATE}", "sourceKey": "${[...seeded.keys()][2]}", "destinationKey": "${w.other.id}/levado.pdf"}`,
    `{"bucketId": "${PRIVATE}", "sourceKey": "${w.other.id}/x", "destinationKey": "${w.owner.id}/implantado.pdf"}`,
    `{"bucketId": "${PRIVATE}", "sourceKey": "a", "destinationKey": "../../etc/passwd"}`, '{"id": "novo", "name": "novo", "public": true}',
  ]);
}

function multipart(r: R): { type: string; body: string } {
  const b = r.pick(['fronteira', '', '"', 'a'.repeat(80)]);
  const parts = [
    `--${b}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n${r.pick(['3600', '-1', 'x', ''])}\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${r.pick(['{"a":1}', '{', '[]', 'null'])}\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name=""; filename="${r.pick(['a.pdf', '../../x', '\u0000'])}"\r\nContent-Type: ${r.pick(['application/pdf', 'text/html', ''])}\r\n\r\nconteúdo\r\n`,
  ];
  return { type: `multipart/form-data; boundary=${b}`, body: parts.slice(0, r.int(4)).join('') + (r.chance(0.7) ? `--${b}--\r\n` : '') };
}

describe('fuzz de /storage/v1', () => {
  it(`${REQUESTS} pedidos hostis: só respostas bem formadas, nada do dono muda, o servidor segue de pé`, { timeout: 300_000 }, async () => {
    const r = prng(SEED);
    const otherToken = (await w.otherClient.auth.getSession()).data.session!.access_token;
    const bucketsBefore = (await w.sb.pg.query<{ id: string; public: boolean }>(`select id, public from storage.buckets order by id`)).rows;
    expect(bucketsBefore).toEqual(expect.arrayContaining([{ id: PRIVATE, public: false }, { id: PUBLIC, public: true }]));
    const statuses = new Map<number, number>();
    for (let n = 0; n < REQUESTS; n++) {
      const route = r.pick(ROUTES);
      const method = r.pick(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH']);
      const useBucketRoute = r.chance(0.1);
      let path = useBucketRoute
        ? `/storage/v1/bucket/${r.pick(BUCKETS)}${r.chance(0.3) ? '/empty' : ''}`
        : `/storage/v1/object/${route}${r.pick(BUCKETS)}${route === 'list/' && r.chance(0.5) ? '' : `/${hostileKey(r)}`}${r.chance(0.2) ? `?token=${r.pick(['', 'x.y.z', 'eyJhbGciOiJub25lIn0.eyJ1cmwiOiJ4In0.', '%00'])}` : ''}${r.chance(0.1) ? '?download=%0d%0aSet-Cookie:x' : ''}`;
      const headers: Record<string, string> = {};
      const who = r.pick(['other', 'other', 'anon', 'garbage', 'none']);
      if (who === 'other') headers.authorization = `Bearer ${otherToken}`;
      if (who === 'anon') headers.apikey = w.sb.publishableKey;
      if (who === 'garbage') headers.authorization = r.pick(['Bearer ', 'Bearer a.b.c', 'Basic eDp5', `Bearer ${otherToken}x`, 'bearer'.repeat(50)]);
      if (r.chance(0.3)) headers['x-upsert'] = r.pick(['true', 'TRUE', '1', 'yes', '']);
      if (r.chance(0.3)) headers['cache-control'] = r.pick(['max-age=60', '', 'no-store', '\t']);
      if (r.chance(0.2)) headers['x-metadata'] = r.pick(['e30=', '!!!', 'bnVsbA==', 'W10=', 'eyJh']);
      let body: string | Uint8Array | undefined;
      if (method !== 'GET' && method !== 'HEAD') {
        const kind = r.int(4);
        if (kind === 0) body = jsonBody(r), (headers['content-type'] = 'application/json');
        else if (kind === 1) ({ type: headers['content-type'], body } = multipart(r));
        else if (kind === 2) body = binary(r.int(3000), n), (headers['content-type'] = r.pick(CONTENT_TYPES));
      }
      // Node refuses to send spaces, controls and non-ASCII in a request line: those go percent-encoded.
      path = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
      let res;
      try {
        res = await rawRequest(w.sb.url, { method, path, headers, body });
      } catch (e) {
        throw new Error(`request ${n} ${method} ${path} failed: ${(e as Error).message}`);
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${n} ${method} ${path}`).not.toBe(500);
      if (res.status >= 400 && method !== 'HEAD') {
        const parsed = JSON.parse(res.text) as Record<string, unknown>;
        expect(typeof parsed.message, `${n} ${method} ${path}: ${res.text}`).toBe('string');
      }
      if (typeof res.headers['content-disposition'] === 'string') expect(res.headers['content-disposition']).not.toMatch(/[\r\n]/);
    }
    expect(statuses.get(400)).toBeGreaterThan(100);

    // The owner's objects: exactly the seeded ones, byte for byte.
    const rows = await w.sb.pg.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name like $2 order by name`, [PRIVATE, `${w.owner.id}/%`]);
    expect(rows.rows.map((x) => x.name)).toEqual([...seeded.keys()].sort());
    for (const [key, data] of seeded) expect(await bytesOf((await w.ownerClient.storage.from(PRIVATE).download(key)).data), key).toEqual(data);
    // No bucket appeared, none changed.
    const buckets = await w.sb.pg.query<{ id: string; public: boolean }>(`select id, public from storage.buckets order by id`);
    expect(buckets.rows).toEqual(bucketsBefore);
    // Every row still has its bytes.
    const all = await w.sb.pg.query<{ bucket_id: string; name: string }>(`select bucket_id, name from storage.objects`);
    for (const o of all.rows) expect((await w.service.storage.from(o.bucket_id).download(o.name)).error, o.name).toBeNull();
    const health = await fetch(`${w.sb.url}/storage/v1/bucket`, { headers: { authorization: `Bearer ${w.sb.secretKey}` } });
    expect(health.status).toBe(200);
  });
});
