// /storage/v1 objects through supabase-js: the policies on storage.objects decide every operation (owner, another
// user, anon, service role), bytes round-trip unchanged, and bucket limits and key rules are enforced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED, binary, bytesOf, LIMIT_BYTES, PRIVATE, rawRequest, startStorageWorld, type StorageWorld } from './storage-fixture.ts';

let w: StorageWorld;
beforeAll(async () => {
  w = await startStorageWorld();
});
afterAll(async () => {
  await w?.sb.stop();
});

const own = (name: string) => `${w.owner.id}/${name}`;

describe('envio e download', () => {
  it('um Blob (multipart) volta byte a byte, com tipo, tamanho e cache informados', async () => {
    const data = binary(70_000, 3);
    const up = await w.ownerClient.storage.from(PRIVATE).upload(own('relatorio.pdf'), new Blob([data], { type: 'application/pdf' }), { cacheControl: '120' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: own('relatorio.pdf'), fullPath: `${PRIVATE}/${own('relatorio.pdf')}` });
    const dl = await w.ownerClient.storage.from(PRIVATE).download(own('relatorio.pdf'));
    expect(dl.error).toBeNull();
    expect(dl.data!.type).toBe('application/pdf');
    expect(await bytesOf(dl.data)).toEqual(data);

    const res = await fetch(`${w.sb.url}/storage/v1/object/authenticated/${PRIVATE}/${own('relatorio.pdf')}`, {
      headers: { apikey: w.sb.publishableKey, authorization: `Bearer ${(await w.ownerClient.auth.getSession()).data.session!.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('70000');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const head = await fetch(res.url, { method: 'HEAD', headers: { authorization: `Bearer ${(await w.ownerClient.auth.getSession()).data.session!.access_token}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('70000');
    const cached = await fetch(res.url, { headers: { authorization: `Bearer ${(await w.ownerClient.auth.getSession()).data.session!.access_token}`, 'if-none-match': res.headers.get('etag')! } });
    expect(cached.status).toBe(304);
  });

  it('um corpo cru (Buffer) com content-type próprio volta byte a byte', async () => {
    const data = binary(4096, 11);
    const up = await w.ownerClient.storage.from(PRIVATE).upload(own('cru.bin'), Buffer.from(data), { contentType: 'application/octet-stream' });
    expect(up.error).toBeNull();
    const dl = await w.ownerClient.storage.from(PRIVATE).download(own('cru.bin'));
    expect(await bytesOf(dl.data)).toEqual(data);
  });

  it('nomes com espaços e acentos funcionam; info e exists descrevem o objeto', async () => {
    const key = own('pasta nova/relatório ção.txt');
    expect((await w.ownerClient.storage.from(PRIVATE).upload(key, 'olá', { contentType: 'text/plain' })).error).toBeNull();
    const info = await w.ownerClient.storage.from(PRIVATE).info(key);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: key, bucketId: PRIVATE, size: 4, contentType: 'text/plain' });
    expect((await w.ownerClient.storage.from(PRIVATE).exists(key)).data).toBe(true);
    expect((await w.ownerClient.storage.from(PRIVATE).exists(own('nao-existe.txt'))).data).toBe(false);
    expect(await (await w.ownerClient.storage.from(PRIVATE).download(key)).data!.text()).toBe('olá');
  });

  it('enviar de novo o mesmo caminho: 409 sem upsert; com upsert (ou update) substitui os bytes', async () => {
    const key = own('versao.txt');
    expect((await w.ownerClient.storage.from(PRIVATE).upload(key, 'v1', { contentType: 'text/plain' })).error).toBeNull();
    const dup = await w.ownerClient.storage.from(PRIVATE).upload(key, 'v2', { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ message: 'The resource already exists', statusCode: '409', status: 400 });
    expect(await (await w.ownerClient.storage.from(PRIVATE).download(key)).data!.text()).toBe('v1');
    const upsert = await w.ownerClient.storage.from(PRIVATE).upload(key, 'v2', { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await w.ownerClient.storage.from(PRIVATE).download(key)).data!.text()).toBe('v2');
    expect((await w.ownerClient.storage.from(PRIVATE).update(key, 'v3', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await w.ownerClient.storage.from(PRIVATE).download(key)).data!.text()).toBe('v3');
    const rows = await w.sb.pg.query<{ n: number }>(`select count(*)::int n from storage.objects where bucket_id = $1 and name = $2`, [PRIVATE, key]);
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('CORS', () => {
  it('o preflight permite os cabeçalhos que o storage-js envia e as respostas expõem ETag e Content-Disposition', async () => {
    const res = await fetch(`${w.sb.url}/storage/v1/object/${PRIVATE}/${own('a.pdf')}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-upsert, cache-control, x-metadata' },
    });
    expect(res.status).toBe(204);
    const allowed = res.headers.get('access-control-allow-headers')!.split(', ');
    for (const h of ['authorization', 'apikey', 'x-client-info', 'content-type', 'x-upsert', 'cache-control', 'x-metadata']) expect(allowed).toContain(h);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag.*Content-Disposition/);
  });
});

describe('quem pode o quê (políticas de storage.objects)', () => {
  let key: string;
  beforeAll(async () => {
    key = own('privado.pdf');
    const up = await w.ownerClient.storage.from(PRIVATE).upload(key, new Blob([binary(300)], { type: 'application/pdf' }));
    expect(up.error).toBeNull();
  });

  it('outro usuário não baixa, não lista, não assina, não sobrescreve, não apaga e não move o objeto', async () => {
    const s = w.otherClient.storage.from(PRIVATE);
    expect((await s.download(key)).error).toMatchObject({ message: 'Object not found', statusCode: '404' });
    expect((await s.list(w.owner.id)).data).toEqual([]);
    expect((await s.createSignedUrl(key, 60)).error).toMatchObject({ message: 'Object not found' });
    expect((await s.upload(key, 'x', { contentType: 'text/plain', upsert: true })).error).toMatchObject({
      message: 'new row violates row-level security policy', statusCode: '403',
    });
    expect((await s.remove([key])).data).toEqual([]);
    expect((await s.move(key, `${w.other.id}/roubado.pdf`)).error).toMatchObject({ message: 'Object not found' });
    expect((await s.copy(key, `${w.other.id}/copia.pdf`)).error).toMatchObject({ message: 'Object not found' });
    expect(await bytesOf((await w.ownerClient.storage.from(PRIVATE).download(key)).data)).toEqual(binary(300));
  });

  it('outro usuário não envia para a pasta de outra pessoa, mas envia para a própria', async () => {
    const s = w.otherClient.storage.from(PRIVATE);
    expect((await s.upload(own('intruso.txt'), 'x', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await s.upload(`${w.other.id}/meu.txt`, 'x', { contentType: 'text/plain' })).error).toBeNull();
    const gone = await w.sb.pg.query(`select 1 from storage.objects where name = $1`, [own('intruso.txt')]);
    expect(gone.rows).toEqual([]);
  });

  it('anon não lê, não lista e não envia nada no bucket privado', async () => {
    const s = w.anon.storage.from(PRIVATE);
    expect((await s.download(key)).error).toMatchObject({ message: 'Object not found' });
    expect((await s.list(w.owner.id)).data).toEqual([]);
    expect((await s.upload(`${w.owner.id}/anon.txt`, 'x', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await s.createSignedUrls([key], 60)).data).toEqual([
      { error: 'Either the object does not exist or you do not have access to it', path: key, signedURL: null, signedUrl: null },
    ]);
  });

  it('o service role ignora as políticas: lê, lista e envia em qualquer pasta', async () => {
    const s = w.service.storage.from(PRIVATE);
    expect(await bytesOf((await s.download(key)).data)).toEqual(binary(300));
    expect((await s.list(w.owner.id)).data!.map((o) => o.name)).toContain('privado.pdf');
    expect((await s.upload(`qualquer/servico.txt`, 'ok', { contentType: 'text/plain' })).error).toBeNull();
  });

  it('um token inválido ou expirado é recusado com 403 e nada muda', async () => {
    const res = await fetch(`${w.sb.url}/storage/v1/object/${PRIVATE}/${own('forjado.txt')}`, {
      method: 'POST',
      headers: { apikey: w.sb.publishableKey, authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.assinatura-falsa', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', message: 'signature verification failed' });
    expect((await w.sb.pg.query(`select 1 from storage.objects where name = $1`, [own('forjado.txt')])).rows).toEqual([]);
  });
});

describe('listar, apagar, mover e copiar', () => {
  it('list mostra um nível: pastas (só o nome) antes dos arquivos (com campos); respeita search, sortBy, limit e offset', async () => {
    const s = w.ownerClient.storage.from(PRIVATE);
    for (const name of ['l/b.txt', 'l/a.txt', 'l/c.txt', 'l/sub/x.txt', 'l/sub/y.txt']) {
      expect((await s.upload(own(name), name, { contentType: 'text/plain' })).error).toBeNull();
    }
    const all = await s.list(own('l'));
    expect(all.data!.map((o) => o.name)).toEqual(['sub', 'a.txt', 'b.txt', 'c.txt']);
    expect(all.data![0]).toEqual({ name: 'sub', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(all.data![1]!.metadata).toMatchObject({ size: 7, mimetype: 'text/plain' });
    expect((await s.list(own('l'), { sortBy: { column: 'name', order: 'desc' } })).data!.map((o) => o.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
    expect((await s.list(own('l'), { limit: 2, offset: 1 })).data!.map((o) => o.name)).toEqual(['a.txt', 'b.txt']);
    expect((await s.list(own('l'), { sortBy: { column: 'created_at', order: 'desc' } })).data!.map((o) => o.name)).toEqual(['sub', 'c.txt', 'a.txt', 'b.txt']);
    expect((await s.list(own('l'), { search: 'B' })).data!.map((o) => o.name)).toEqual(['b.txt']);
    expect((await s.list(own('l/sub/'))).data!.map((o) => o.name)).toEqual(['x.txt', 'y.txt']);
  });

  it('remove apaga só o que a política deixa e devolve o que apagou; os bytes somem', async () => {
    const s = w.ownerClient.storage.from(PRIVATE);
    await s.upload(own('apagar/1.txt'), '1', { contentType: 'text/plain' });
    await s.upload(own('apagar/2.txt'), '2', { contentType: 'text/plain' });
    const removed = await s.remove([own('apagar/1.txt'), own('apagar/2.txt'), own('apagar/nao-existe.txt'), `${w.other.id}/meu.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual([own('apagar/1.txt'), own('apagar/2.txt')]);
    expect((await s.download(own('apagar/1.txt'))).error).toMatchObject({ message: 'Object not found' });
    expect((await w.service.storage.from(PRIVATE).exists(`${w.other.id}/meu.txt`)).data).toBe(true);
  });

  it('move troca o nome mantendo os bytes; copy cria um objeto novo independente', async () => {
    const s = w.ownerClient.storage.from(PRIVATE);
    const data = binary(2048, 5);
    await s.upload(own('mover/origem.bin'), Buffer.from(data), { contentType: 'application/octet-stream' });
    expect((await s.move(own('mover/origem.bin'), own('mover/destino.bin'))).data).toEqual({ message: 'Successfully moved' });
    expect((await s.download(own('mover/origem.bin'))).error).toMatchObject({ message: 'Object not found' });
    expect(await bytesOf((await s.download(own('mover/destino.bin'))).data)).toEqual(data);
    expect((await s.copy(own('mover/destino.bin'), own('mover/copia.bin'))).data).toEqual({ path: `${PRIVATE}/${own('mover/copia.bin')}` });
    await s.remove([own('mover/destino.bin')]);
    expect(await bytesOf((await s.download(own('mover/copia.bin'))).data)).toEqual(data);
    expect((await s.move(own('mover/copia.bin'), `${w.other.id}/levado.bin`)).error).toMatchObject({ statusCode: '403' });
  });
});

describe('limites do bucket e chaves', () => {
  it('acima do file_size_limit: 413 "The object exceeded the maximum allowed size" e nada é gravado', async () => {
    const up = await w.ownerClient.storage.from(PRIVATE).upload(own('grande.bin'), Buffer.from(binary(LIMIT_BYTES + 1)), { contentType: 'application/octet-stream' });
    expect(up.error).toMatchObject({ message: 'The object exceeded the maximum allowed size', statusCode: '413', status: 400 });
    const atLimit = await w.ownerClient.storage.from(PRIVATE).upload(own('no-limite.bin'), Buffer.from(binary(LIMIT_BYTES)), { contentType: 'application/octet-stream' });
    expect(atLimit.error).toBeNull();
    expect((await w.sb.pg.query(`select 1 from storage.objects where name = $1`, [own('grande.bin')])).rows).toEqual([]);
  });

  it('um tipo fora de allowed_mime_types: 415 e nada é gravado', async () => {
    const up = await w.ownerClient.storage.from(PRIVATE).upload(own('script.html'), '<script>', { contentType: 'text/html' });
    expect(up.error).toMatchObject({ message: 'mime type text/html is not supported', statusCode: '415' });
    expect(ALLOWED).not.toContain('text/html');
    expect((await w.sb.pg.query(`select 1 from storage.objects where name = $1`, [own('script.html')])).rows).toEqual([]);
  });

  it('bucket inexistente: "Bucket not found" com statusCode 404', async () => {
    const up = await w.ownerClient.storage.from('nao-existe').upload(own('a.txt'), 'x', { contentType: 'text/plain' });
    expect(up.error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
    expect((await w.ownerClient.storage.from('nao-existe').download(own('a.txt'))).error).toMatchObject({ message: 'Bucket not found' });
  });

  it('chaves hostis (.., segmento vazio, controle, longas demais) são recusadas com "Invalid key" e nada é gravado', async () => {
    const token = (await w.ownerClient.auth.getSession()).data.session!.access_token;
    const bad = [`${w.owner.id}/%2E%2E/x.txt`, `${w.owner.id}/../x.txt`, `${w.owner.id}/./x.txt`, `${w.owner.id}/a%2F%2Fb.txt`, `${w.owner.id}/a%00b.txt`, `${w.owner.id}/${'a'.repeat(1100)}`, `${w.owner.id}/tab%09.txt`];
    const count = async () => (await w.sb.pg.query<{ n: number }>(`select count(*)::int n from storage.objects`)).rows[0]!.n;
    const before = await count();
    for (const path of bad) {
      const res = await rawRequest(w.sb.url, {
        method: 'POST', path: `/storage/v1/object/${PRIVATE}/${path}`,
        headers: { authorization: `Bearer ${token}`, apikey: w.sb.publishableKey, 'content-type': 'text/plain' }, body: 'x',
      });
      expect(res.status, path).toBe(400);
      const body = JSON.parse(res.text);
      expect(body, path).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
      expect(body.message, path).toMatch(/^Invalid key: /);
    }
    expect(await count()).toBe(before);
  });
});
