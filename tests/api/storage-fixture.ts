// Shared by the storage API tests: a local Supabase with a private test bucket whose policies give each user their
// own top folder (`{user id}/...`), a public bucket, and users signed in through supabase-js.
import type { SupabaseClient } from '@supabase/supabase-js';
import http from 'node:http';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

export const PRIVATE = 'docs-teste';
export const PUBLIC = 'publico-teste';
/** The private bucket's limits. */
export const LIMIT_BYTES = 256 * 1024;
export const ALLOWED = ['application/pdf', 'image/png', 'text/plain', 'application/octet-stream'];

/** As a project migration would write them (runs unchanged on a hosted project). */
export const FIXTURE_SQL = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('${PRIVATE}', '${PRIVATE}', false, ${LIMIT_BYTES}, array[${ALLOWED.map((t) => `'${t}'`).join(', ')}]);
insert into storage.buckets (id, name, public) values ('${PUBLIC}', '${PUBLIC}', true);

create policy "teste: dono lê a própria pasta" on storage.objects for select to authenticated
  using (bucket_id in ('${PRIVATE}', '${PUBLIC}') and (storage.foldername(name))[1] = auth.uid()::text);
create policy "teste: dono envia para a própria pasta" on storage.objects for insert to authenticated
  with check (bucket_id in ('${PRIVATE}', '${PUBLIC}') and (storage.foldername(name))[1] = auth.uid()::text);
create policy "teste: dono substitui na própria pasta" on storage.objects for update to authenticated
  using (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "teste: dono apaga na própria pasta" on storage.objects for delete to authenticated
  using (bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = auth.uid()::text);
`;

export interface StorageWorld {
  sb: TestBackend;
  owner: TestUser;
  other: TestUser;
  ownerClient: SupabaseClient;
  otherClient: SupabaseClient;
  anon: SupabaseClient;
  service: SupabaseClient;
}

export async function startStorageWorld(): Promise<StorageWorld> {
  const sb = await startTestBackend();
  await sb.pg.exec(FIXTURE_SQL);
  const owner = await sb.createConfirmedUser({ name: 'Dona dos Arquivos' });
  const other = await sb.createConfirmedUser({ name: 'Outra Pessoa' });
  return {
    sb,
    owner,
    other,
    ownerClient: await sb.signedInClient(owner.email, owner.password),
    otherClient: await sb.signedInClient(other.email, other.password),
    anon: sb.anonClient(),
    service: sb.serviceClient(),
  };
}

/** Bytes 0..255 repeated: every byte value, so a text decoding anywhere would show. */
export function binary(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 7 + seed) % 256;
  return out;
}

export async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  if (!blob) throw new Error('no blob');
  return new Uint8Array(await blob.arrayBuffer());
}

/** An HTTP request whose path is sent exactly as given (fetch would normalise '..' and '%2E%2E' away). */
export function rawRequest(
  baseUrl: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: opts.method, path: opts.path, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
