// Bucket management through supabase-js: the service role creates, reads, updates, empties and deletes buckets;
// signed-in users and anon are refused by storage.buckets' row-level security, as on a hosted project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE, startStorageWorld, type StorageWorld } from './storage-fixture.ts';

let w: StorageWorld;
beforeAll(async () => {
  w = await startStorageWorld();
});
afterAll(async () => {
  await w?.sb.stop();
});

describe('buckets pelo service role', () => {
  it('cria, lê, atualiza limites, recusa duplicado e nome inválido', async () => {
    const s = w.service.storage;
    expect((await s.createBucket('anexos', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['image/*', 'application/pdf'] })).data).toEqual({ name: 'anexos' });
    const got = await s.getBucket('anexos');
    // Storage's units are decimal ('2MB' = 2 000 000 bytes), and getBucket answers exactly these fields.
    expect(got.data).toEqual({
      id: 'anexos', name: 'anexos', owner: null, public: false, file_size_limit: 2_000_000,
      allowed_mime_types: ['image/*', 'application/pdf'], created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect((await s.createBucket('anexos', { public: true })).error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    expect((await s.createBucket('nome/ruim', { public: false })).error).toMatchObject({ message: 'Bucket name invalid', statusCode: '400' });
    expect((await s.createBucket('x'.repeat(101), { public: false })).error).toMatchObject({ message: 'Bucket name invalid' });
    expect((await s.updateBucket('anexos', { public: true, fileSizeLimit: 1000, allowedMimeTypes: null })).data).toEqual({ message: 'Successfully updated' });
    expect((await s.getBucket('anexos')).data).toMatchObject({ public: true, file_size_limit: 1000, allowed_mime_types: null });
    expect((await s.updateBucket('nao-existe', { public: true })).error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
    expect((await s.listBuckets()).data!.map((b) => b.id)).toEqual(expect.arrayContaining(['anexos', PRIVATE]));
    expect((await s.listBuckets({ search: 'anex' })).data!.map((b) => b.id)).toEqual(['anexos']);
    // listBuckets: the same fields plus the bucket type.
    expect(Object.keys((await s.listBuckets({ search: 'anex' })).data![0]!).sort()).toEqual(
      ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'type', 'updated_at'],
    );
  });

  it('fileSizeLimit em texto vira bytes como no Storage (\'20mb\' = 20 000 000); texto sem unidade é recusado', async () => {
    const s = w.service.storage;
    await s.createBucket('vinte', { public: false, fileSizeLimit: '20mb' });
    expect((await s.getBucket('vinte')).data).toMatchObject({ file_size_limit: 20_000_000 });
    await s.updateBucket('vinte', { public: false, fileSizeLimit: '1.5kb' });
    expect((await s.getBucket('vinte')).data).toMatchObject({ file_size_limit: 1500 });
    for (const bad of ['20', '20 mb', '20tb', 'muito']) {
      expect((await s.createBucket(`ruim-${bad.length}`, { public: false, fileSizeLimit: bad })).error, bad).toMatchObject({
        statusCode: '400', message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
      });
    }
  });

  it('listBuckets sem token nenhum responde o erro de JWT do Storage', async () => {
    const res = await fetch(`${w.sb.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' });
  });

  it('o limite e os tipos de um bucket imagem/* valem no envio', async () => {
    const s = w.service.storage;
    await s.createBucket('imagens', { public: false, fileSizeLimit: 10, allowedMimeTypes: ['image/*'] });
    expect((await s.from('imagens').upload('a.png', Buffer.from('123'), { contentType: 'image/png' })).error).toBeNull();
    expect((await s.from('imagens').upload('a.pdf', Buffer.from('123'), { contentType: 'application/pdf' })).error).toMatchObject({ statusCode: '415' });
    expect((await s.from('imagens').upload('b.png', Buffer.from('12345678901'), { contentType: 'image/png' })).error).toMatchObject({ statusCode: '413' });
  });

  it('sem limite no bucket vale o limite global de 50 MB: um corpo maior recebe 413 e nada é gravado', async () => {
    const s = w.service.storage;
    await s.createBucket('sem-limite', { public: false });
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    const up = await s.from('sem-limite').upload('grande.bin', Buffer.from(big), { contentType: 'application/octet-stream' });
    expect(up.error).toMatchObject({ message: 'The object exceeded the maximum allowed size', statusCode: '413' });
    expect((await w.sb.pg.query(`select 1 from storage.objects where bucket_id = 'sem-limite'`)).rows).toEqual([]);
    const huge = await s.from('sem-limite').upload('enorme.bin', Buffer.from(new Uint8Array(60 * 1024 * 1024)), { contentType: 'application/octet-stream' });
    expect(huge.error).toMatchObject({ statusCode: '413' });
  });

  it('um bucket com objetos não é apagado; depois de esvaziado, é', async () => {
    const s = w.service.storage;
    await s.createBucket('temporario', { public: false });
    await s.from('temporario').upload('a/b.txt', 'x', { contentType: 'text/plain' });
    expect((await s.deleteBucket('temporario')).error).toMatchObject({ message: 'The bucket you tried to delete is not empty', statusCode: '409' });
    expect((await s.emptyBucket('temporario')).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await s.from('temporario').list('a')).data).toEqual([]);
    expect((await s.deleteBucket('temporario')).data).toEqual({ message: 'Successfully deleted' });
    expect((await s.getBucket('temporario')).error).toMatchObject({ message: 'Bucket not found' });
  });
});

describe('buckets para os outros papéis', () => {
  it('usuário logado e anon não criam, não alteram, não esvaziam e não apagam buckets, e não os veem', async () => {
    for (const client of [w.ownerClient, w.anon]) {
      expect((await client.storage.createBucket('meu-bucket', { public: true })).error).toMatchObject({
        message: 'new row violates row-level security policy', statusCode: '403',
      });
      expect((await client.storage.listBuckets()).data).toEqual([]);
      expect((await client.storage.getBucket(PRIVATE)).error).toMatchObject({ message: 'Bucket not found' });
      expect((await client.storage.updateBucket(PRIVATE, { public: true })).error).toMatchObject({ message: 'Bucket not found' });
      expect((await client.storage.deleteBucket(PRIVATE)).error).toMatchObject({ message: 'Bucket not found' });
    }
    const b = await w.sb.pg.query<{ public: boolean }>(`select public from storage.buckets where id = $1`, [PRIVATE]);
    expect(b.rows[0]!.public).toBe(false);
    expect((await w.sb.pg.query(`select 1 from storage.buckets where id = 'meu-bucket'`)).rows).toEqual([]);
  });

  it('o SQL de um projeto não apaga objetos direto de storage.objects (só a Storage API)', async () => {
    await expect(w.sb.pg.query(`delete from storage.objects where bucket_id = $1`, [PRIVATE])).rejects.toThrow(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    );
  });
});
