// Object bytes in a data folder: they survive a restart, a transaction that fails after the bytes were written
// leaves neither row nor bytes, bytes no row names are swept on start, and a SIGKILL during a burst of uploads
// loses no acknowledged object and leaves no row without its bytes.
import { createClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';
import { burstThenKill, spawnBackend } from './child-backend.ts';
import { clientOptions } from './helpers.ts';
import { binary } from './storage-fixture.ts';

let tmp: string;
let template: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'local-supabase-storage-'));
  template = path.join(tmp, 'template');
  const first = await startLocalSupabase({ port: 0, dataDir: template, migrationsDir: null, seedFile: null, quiet: true });
  await first.pg.exec(`insert into storage.buckets (id, name) values ('arquivos', 'arquivos')`);
  await first.stop();
}, 180_000);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function copyOfTemplate(name: string): string {
  const dir = path.join(tmp, name);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

const start = (dataDir: string) => startLocalSupabase({ port: 0, dataDir, migrationsDir: null, seedFile: null, quiet: true, rateLimits: false });
const service = (sb: { url: string; secretKey: string }) => createClient(sb.url, sb.secretKey, clientOptions).storage.from('arquivos');
const blobFiles = (dir: string) => fs.readdirSync(path.join(dir, 'storage', 'objects')).sort();
const versions = async (sb: LocalSupabase) =>
  (await sb.pg.query<{ version: string }>(`select version from storage.objects`)).rows.map((r) => r.version).sort();

describe('bytes na pasta de dados', { timeout: 180_000 }, () => {
  it('sobrevivem a um reinício; sobrescrever e apagar removem os bytes antigos; sobras sem linha somem no início', async () => {
    const dir = copyOfTemplate('restart');
    const a = await start(dir);
    const data = binary(100_000, 2);
    try {
      expect((await service(a).upload('x/dados.bin', Buffer.from(data), { contentType: 'application/octet-stream' })).error).toBeNull();
      expect((await service(a).upload('x/velho.txt', 'v1', { contentType: 'text/plain' })).error).toBeNull();
      expect((await service(a).upload('x/velho.txt', 'v2', { contentType: 'text/plain', upsert: true })).error).toBeNull();
      expect((await service(a).upload('x/apagar.txt', 'tchau', { contentType: 'text/plain' })).error).toBeNull();
      expect((await service(a).remove(['x/apagar.txt'])).data).toHaveLength(1);
      expect(blobFiles(dir)).toEqual(await versions(a));
    } finally {
      await a.stop();
    }
    fs.writeFileSync(path.join(dir, 'storage', 'objects', '00000000-0000-4000-8000-000000000000'), 'órfão');
    fs.writeFileSync(path.join(dir, 'storage', 'objects', '.tmp-interrompido'), 'meio arquivo');
    const b = await start(dir);
    try {
      expect(new Uint8Array(await (await service(b).download('x/dados.bin')).data!.arrayBuffer())).toEqual(data);
      expect(await (await service(b).download('x/velho.txt')).data!.text()).toBe('v2');
      expect(blobFiles(dir)).toEqual(await versions(b));
    } finally {
      await b.stop();
    }
  });

  it('envios simultâneos do mesmo caminho: sem upsert um vence e os outros recebem 409; com upsert fica um arquivo só', async () => {
    const dir = copyOfTemplate('concorrencia');
    const sb = await start(dir);
    try {
      const plain = await Promise.all([0, 1, 2, 3].map((i) => service(sb).upload('c/mesmo.bin', Buffer.from(binary(30_000, i)), { contentType: 'application/octet-stream' })));
      expect(plain.filter((r) => r.error === null)).toHaveLength(1);
      expect(plain.filter((r) => r.error?.message === 'The resource already exists')).toHaveLength(3);
      const upserts = await Promise.all([0, 1, 2, 3].map((i) => service(sb).upload('c/mesmo.bin', Buffer.from(binary(30_000, 10 + i)), { contentType: 'application/octet-stream', upsert: true })));
      expect(upserts.every((r) => r.error === null)).toBe(true);
      const got = new Uint8Array(await (await service(sb).download('c/mesmo.bin')).data!.arrayBuffer());
      expect([10, 11, 12, 13].some((seed) => Buffer.from(got).equals(Buffer.from(binary(30_000, seed))))).toBe(true);
      expect(blobFiles(dir)).toEqual(await versions(sb));
      expect(blobFiles(dir)).toHaveLength(1);
    } finally {
      await sb.stop();
    }
  });

  it('uma transação que falha no commit, depois de gravar os bytes, não deixa linha nem bytes', async () => {
    const dir = copyOfTemplate('rollback');
    const sb = await start(dir);
    try {
      await sb.pg.exec(`
        create function public.recusa_no_commit() returns trigger language plpgsql as $$
        begin raise exception 'recusado no commit'; end $$;
        create constraint trigger recusa_no_commit after insert on storage.objects deferrable initially deferred
          for each row when (new.name like 'recusar/%') execute function public.recusa_no_commit();`);
      const before = blobFiles(dir);
      const up = await service(sb).upload('recusar/a.bin', Buffer.from(binary(5000)), { contentType: 'application/octet-stream' });
      expect(up.error).not.toBeNull();
      expect((await sb.pg.query(`select 1 from storage.objects where name = 'recusar/a.bin'`)).rows).toEqual([]);
      expect(blobFiles(dir)).toEqual(before);
    } finally {
      await sb.stop();
    }
  });
});

describe('SIGKILL no meio de uma rajada de envios', () => {
  it('todo envio respondido com sucesso está inteiro depois do reinício, e nenhuma linha fica sem bytes', { timeout: 180_000 }, async () => {
    const dir = copyOfTemplate('sigkill');
    const backend = await spawnBackend(tmp, dir, { migrationsDir: null, seedFile: null, rateLimits: false });
    const acknowledged = await burstThenKill(
      backend,
      async (u, i) => {
        const key = `rajada/${u}/${i}.bin`;
        const size = 20_000 + ((u * 7919 + i * 104729) % 200_000);
        const res = await fetch(`${backend.url}/storage/v1/object/arquivos/${key}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/octet-stream' },
          body: binary(size, u + i),
        });
        await res.arrayBuffer();
        return res.status === 200 ? { key, seed: u + i, size } : null;
      },
      { atLeast: 40, withinMs: 15_000 },
    );
    expect(acknowledged.length).toBeGreaterThan(10);

    const again = await start(dir);
    try {
      const s = service(again);
      for (const a of acknowledged) {
        const dl = await s.download(a.key);
        expect(dl.error, a.key).toBeNull();
        expect(new Uint8Array(await dl.data!.arrayBuffer()), a.key).toEqual(binary(a.size, a.seed));
      }
      // Every row has its bytes, and after the start-up sweep no bytes (whole or partial) lack a row.
      expect(blobFiles(dir)).toEqual(await versions(again));
    } finally {
      await again.stop();
    }
  });
});
