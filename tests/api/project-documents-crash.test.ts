// A SIGKILL of the local Supabase during a burst of project document uploads, with the project's migrations: after the
// restart every acknowledged document downloads byte for byte, and objects of project-documents, their bytes and
// public.project_documents rows match one to one (no half document).
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase } from '../../local-supabase/index.ts';
import { burstThenKill, spawnBackend } from './child-backend.ts';
import { clientOptions } from './helpers.ts';
import { binary } from './storage-fixture.ts';

/** A PDF's header, then `size` bytes of `binary`: the local Storage reads the first bytes of a document. */
const pdfBytes = (size: number, seed: number) => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), binary(size, seed)]));

const BUCKET = 'project-documents';
let tmp: string;
let dataDir: string;
let owner: { email: string; password: string };
let projectId: string;

const start = () => startLocalSupabase({ port: 0, dataDir, rateLimits: false, quiet: true });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'project-documents-crash-'));
  dataDir = path.join(tmp, 'db');
  const sb = await start();
  try {
    owner = { email: `crash-${randomUUID().slice(0, 8)}@exemplo.com.br`, password: 'senha-segura-1' };
    const service = createClient(sb.url, sb.secretKey, clientOptions);
    const made = await service.auth.admin.createUser({ ...owner, email_confirm: true, user_metadata: { full_name: 'Cliente da Rajada' } });
    if (made.error) throw made.error;
    const client = createClient(sb.url, sb.publishableKey, clientOptions);
    await client.auth.signInWithPassword(owner);
    const project = await client.from('projects').insert({ title: 'Pacote Premium IA', plan: 'premium' }).select('id').single();
    if (project.error) throw project.error;
    projectId = project.data.id as string;
  } finally {
    await sb.stop();
  }
}, 300_000);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('SIGKILL no meio de envios de documentos', () => {
  it('todo documento confirmado volta inteiro e objetos, bytes e linhas de project_documents batem um a um', { timeout: 300_000 }, async () => {
    const child = await spawnBackend(tmp, dataDir, { rateLimits: false });
    const client = createClient(child.url, child.publishableKey, clientOptions);
    const signIn = await client.auth.signInWithPassword(owner);
    expect(signIn.error).toBeNull();
    const token = signIn.data.session!.access_token;

    const acknowledged = await burstThenKill(
      child,
      async (u, i) => {
        const key = `${projectId}/${randomUUID()}/relatório ${u}-${i}.pdf`;
        const size = 10_000 + ((u * 7919 + i * 104729) % 150_000);
        const res = await fetch(`${child.url}/storage/v1/object/${BUCKET}/${encodeURI(key)}`, {
          method: 'POST',
          headers: { apikey: child.publishableKey, authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
          body: pdfBytes(size, u + i),
        });
        await res.arrayBuffer();
        return res.status === 200 ? { key, seed: u + i, size } : null;
      },
      { atLeast: 30, withinMs: 60_000 },
    );
    expect(acknowledged.length, 'uploads acknowledged before the kill').toBeGreaterThan(10);

    const again = await start();
    try {
      const storage = createClient(again.url, again.secretKey, clientOptions).storage.from(BUCKET);
      for (const a of acknowledged) {
        const dl = await storage.download(a.key);
        expect(dl.error, a.key).toBeNull();
        expect(new Uint8Array(await dl.data!.arrayBuffer()), a.key).toEqual(pdfBytes(a.size, a.seed));
      }
      const objects = await again.pg.query<{ name: string; version: string }>(`select name, version from storage.objects where bucket_id = $1 order by name`, [BUCKET]);
      const rows = await again.pg.query<{ storage_path: string }>('select storage_path from public.project_documents order by storage_path');
      expect(rows.rows.map((r) => r.storage_path), 'project_documents rows = objects of the bucket').toEqual(objects.rows.map((o) => o.name));
      expect(objects.rows.map((o) => o.name), 'every acknowledged upload is stored').toEqual(expect.arrayContaining(acknowledged.map((a) => a.key)));
      const blobs = new Set(fs.readdirSync(path.join(dataDir, 'storage', 'objects')));
      expect(objects.rows.filter((o) => !blobs.has(o.version)), 'objects without bytes').toEqual([]);
    } finally {
      await again.stop();
    }
  });
});
