// Project documents through supabase-js, against the project's migrations: the project-documents bucket decides
// upload, list, download, signed URLs and delete for the project's owner, another client, an admin and anon; its
// limits answer with Storage's errors; public.project_documents shows a row exactly while its object exists.
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { bytesOf } from './storage-fixture.ts';

const BUCKET = 'project-documents';
const LIMIT = 26_214_400;

/** A small valid PDF (one empty page, correct xref offsets) with the binary marker line after the header. */
function tinyPdf(): Uint8Array<ArrayBuffer> {
  const head = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])]);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  const parts: Buffer[] = [head];
  const offsets: number[] = [];
  let length = head.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)];
  parts.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

let sb: TestBackend;
let owner: TestUser;
let ownerClient: SupabaseClient;
let otherClient: SupabaseClient;
let adminClient: SupabaseClient;
let anon: SupabaseClient;
let projectId: string;
const pdf = tinyPdf();

beforeAll(async () => {
  sb = await startTestBackend();
  owner = await sb.createConfirmedUser({ name: 'Ana Cliente' });
  const other = await sb.createConfirmedUser({ name: 'Bruno Outro Cliente' });
  const admin = await sb.createConfirmedUser({ name: 'Diana da Agência', appMetadata: { role: 'admin' } });
  ownerClient = await sb.signedInClient(owner.email, owner.password);
  otherClient = await sb.signedInClient(other.email, other.password);
  adminClient = await sb.signedInClient(admin.email, admin.password);
  anon = sb.anonClient();
  const made = await ownerClient.from('projects').insert({ title: 'Pacote Avançado IA', plan: 'advanced' }).select('id').single();
  if (made.error) throw made.error;
  projectId = made.data.id as string;
});
afterAll(async () => {
  await sb?.stop();
});

const keyOf = (file: string, documentId: string = randomUUID()) => `${projectId}/${documentId}/${file}`;
const send = (client: SupabaseClient, key: string, bytes: Uint8Array<ArrayBuffer> = pdf, type = 'application/pdf') =>
  client.storage.from(BUCKET).upload(key, new Blob([bytes], { type }));
const documentRow = async (key: string) =>
  (await sb.pg.query('select id, project_id, name, mime_type, size_bytes::int as size_bytes, uploaded_by from public.project_documents where storage_path = $1', [key])).rows;

describe('dono do projeto e admin', () => {
  it('o dono envia um PDF, lista, baixa byte a byte e vê a linha do documento', async () => {
    const documentId = randomUUID();
    const key = keyOf('contrato.pdf', documentId);
    expect((await send(ownerClient, key)).error).toBeNull();
    const listed = await ownerClient.storage.from(BUCKET).list(`${projectId}/${documentId}`);
    expect(listed.error).toBeNull();
    expect(listed.data!.map((f) => [f.name, f.metadata?.size])).toEqual([['contrato.pdf', pdf.byteLength]]);
    const got = await ownerClient.storage.from(BUCKET).download(key);
    expect(got.error).toBeNull();
    expect(await bytesOf(got.data)).toEqual(pdf);
    const row = await ownerClient.from('project_documents').select('id, project_id, name, mime_type, size_bytes, uploaded_by, storage_path').eq('id', documentId);
    expect(row.data).toEqual([
      { id: documentId, project_id: projectId, name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: pdf.byteLength, uploaded_by: owner.id, storage_path: key },
    ]);
  });

  it('a admin envia para o projeto do cliente, lista e baixa; o dono baixa o que a admin enviou', async () => {
    const key = keyOf('entrega.pdf');
    expect((await send(adminClient, key)).error).toBeNull();
    expect(await bytesOf((await adminClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
    expect(await bytesOf((await ownerClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
    const listed = await ownerClient
      .from('project_documents')
      .select('name, uploader:profiles!project_documents_uploaded_by_fkey(full_name)')
      .eq('storage_path', key);
    expect(listed.data).toEqual([{ name: 'entrega.pdf', uploader: { full_name: 'Diana da Agência' } }]);
    const folders = await adminClient.storage.from(BUCKET).list(projectId);
    expect(folders.data!.map((f) => f.name)).toContain(key.split('/')[1]);
  });

  it('URLs assinadas: o dono recebe (download e envio) e elas funcionam; outro cliente e anon não recebem, nem em lote', async () => {
    const key = keyOf('assinado.pdf');
    expect((await send(ownerClient, key)).error).toBeNull();
    const signed = await ownerClient.storage.from(BUCKET).createSignedUrl(key, 60, { download: true });
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    const uploadKey = keyOf('via url assinada.pdf');
    const uploadUrl = await ownerClient.storage.from(BUCKET).createSignedUploadUrl(uploadKey);
    expect(uploadUrl.error).toBeNull();
    expect((await anon.storage.from(BUCKET).uploadToSignedUrl(uploadKey, uploadUrl.data!.token, new Blob([pdf], { type: 'application/pdf' }))).error).toBeNull();
    expect(await documentRow(uploadKey)).toEqual([expect.objectContaining({ uploaded_by: owner.id, size_bytes: pdf.byteLength })]);
    for (const client of [otherClient, anon]) {
      expect((await client.storage.from(BUCKET).createSignedUploadUrl(keyOf('intruso.pdf'))).error).not.toBeNull();
      expect((await client.storage.from(BUCKET).createSignedUrl(key, 60)).error).toMatchObject({ message: 'Object not found' });
      const batch = await client.storage.from(BUCKET).createSignedUrls([key], 60);
      expect(batch.data?.[0]?.signedUrl ?? null).toBeNull();
    }
  });
});

describe('outro cliente e anônimo', () => {
  let key: string;
  beforeAll(async () => {
    key = keyOf('segredo.pdf');
    const up = await send(ownerClient, key);
    if (up.error) throw up.error;
  });

  it('não listam, não baixam, nem adivinhando a chave', async () => {
    for (const client of [otherClient, anon]) {
      expect((await client.storage.from(BUCKET).list(projectId)).data).toEqual([]);
      expect((await client.storage.from(BUCKET).list(key.split('/').slice(0, 2).join('/'))).data).toEqual([]);
      const got = await client.storage.from(BUCKET).download(key);
      expect(got.data).toBeNull();
      expect(got.error).not.toBeNull();
      expect((await client.storage.from(BUCKET).exists(key)).data).toBe(false);
      expect((await client.from('project_documents').select('id').eq('project_id', projectId)).data ?? []).toEqual([]);
    }
    const direct = await fetch(`${sb.url}/storage/v1/object/authenticated/${BUCKET}/${key}`, {
      headers: { apikey: sb.publishableKey, authorization: `Bearer ${(await otherClient.auth.getSession()).data.session!.access_token}` },
    });
    expect(await direct.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('não enviam para o projeto de outro, nem apagam', async () => {
    for (const client of [otherClient, anon]) {
      const up = await send(client, keyOf('intruso.pdf'));
      expect(up.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      const removed = await client.storage.from(BUCKET).remove([key]);
      expect(removed.data).toEqual([]);
    }
    expect(await documentRow(key)).toHaveLength(1);
    expect((await ownerClient.storage.from(BUCKET).exists(key)).data).toBe(true);
  });
});

describe('exclusão', () => {
  it('quem enviou e a admin apagam, e a linha some junto; o dono não apaga o que a admin enviou', async () => {
    const mine = keyOf('meu.pdf');
    const admins = keyOf('da agência.pdf');
    expect((await send(ownerClient, mine)).error).toBeNull();
    expect((await send(adminClient, admins)).error).toBeNull();
    expect((await ownerClient.storage.from(BUCKET).remove([admins])).data).toEqual([]);
    expect(await documentRow(admins)).toHaveLength(1);
    expect((await ownerClient.storage.from(BUCKET).remove([mine])).data!.map((o) => o.name)).toEqual([mine]);
    expect(await documentRow(mine)).toEqual([]);
    expect((await ownerClient.storage.from(BUCKET).download(mine)).error).toMatchObject({ message: 'Object not found' });
    expect((await adminClient.storage.from(BUCKET).remove([admins])).data!.map((o) => o.name)).toEqual([admins]);
    expect(await documentRow(admins)).toEqual([]);
  });

  it('um projeto com documentos não é excluído; depois de apagar os documentos, é', async () => {
    const made = await ownerClient.from('projects').insert({ title: 'Pacote Essencial IA', plan: 'essential' }).select('id').single();
    const id = made.data!.id as string;
    const key = `${id}/${randomUUID()}/anexo.pdf`;
    expect((await send(ownerClient, key)).error).toBeNull();
    const refused = await ownerClient.from('projects').delete().eq('id', id);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: '23503', message: 'Este projeto tem documentos: exclua os documentos antes de excluir o projeto.' });
    expect((await ownerClient.storage.from(BUCKET).remove([key])).error).toBeNull();
    const deleted = await ownerClient.from('projects').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
  });
});

describe('limites e repetição', () => {
  it('25 MB passam; 25 MB + 1 byte e um tipo fora da lista são recusados com os erros do Storage, sem linha', async () => {
    const exact = keyOf('grande.txt');
    expect((await send(ownerClient, exact, new Uint8Array(LIMIT).fill(0x61), 'text/plain')).error).toBeNull();
    expect((await documentRow(exact))[0]).toMatchObject({ size_bytes: LIMIT, mime_type: 'text/plain' });
    expect((await ownerClient.storage.from(BUCKET).remove([exact])).error).toBeNull();

    const big = keyOf('grande demais.pdf');
    expect((await send(ownerClient, big, new Uint8Array(LIMIT + 1))).error).toMatchObject({
      statusCode: '413', message: 'The object exceeded the maximum allowed size',
    });
    const html = keyOf('pagina.html');
    expect((await send(ownerClient, html, new TextEncoder().encode('<p>oi</p>'), 'text/html')).error).toMatchObject({
      statusCode: '415', message: 'mime type text/html is not supported',
    });
    expect([...(await documentRow(big)), ...(await documentRow(html))]).toEqual([]);
  });

  it('tipos do Office e ZIP enviado pelo Windows são aceitos', async () => {
    // An empty ZIP archive (its end record): what a docx or a zip starts with.
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    for (const type of ['application/x-zip-compressed', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']) {
      const key = keyOf('arquivo');
      expect((await send(ownerClient, key, zip, type)).error).toBeNull();
      expect((await documentRow(key))[0]).toMatchObject({ mime_type: type });
    }
  });

  it('um HTML com nome .pdf (bytes que não são do tipo declarado) é recusado com 415, sem objeto nem linha', async () => {
    const key = keyOf('relatorio.pdf');
    const html = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    expect((await send(ownerClient, key, html, 'application/pdf')).error).toMatchObject({
      statusCode: '415', message: 'file content does not match mime type application/pdf',
    });
    const png = keyOf('foto.png');
    expect((await send(adminClient, png, pdf, 'image/png')).error).toMatchObject({ statusCode: '415' });
    expect([...(await documentRow(key)), ...(await documentRow(png))]).toEqual([]);
    expect((await sb.pg.query('select 1 from storage.objects where name = any($1)', [[key, png]])).rows).toEqual([]);
  });

  it('reenviar a mesma chave responde 409 e não muda bytes nem linha', async () => {
    const key = keyOf('repetido.pdf');
    expect((await send(ownerClient, key)).error).toBeNull();
    const again = await send(ownerClient, key, new TextEncoder().encode('%PDF-1.4 outro'));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await bytesOf((await ownerClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
    expect(await documentRow(key)).toHaveLength(1);
    const overwrite = await ownerClient.storage.from(BUCKET).upload(key, new Blob([new TextEncoder().encode('%PDF-1.4 outro')], { type: 'application/pdf' }), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    expect(await bytesOf((await ownerClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
  });

  it('uma URL assinada de envio com upsert não substitui o documento: o segundo envio com o mesmo token é 409 e nada muda', async () => {
    const documentId = randomUUID();
    const key = keyOf('entrega assinada.pdf', documentId);
    const signed = await ownerClient.storage.from(BUCKET).createSignedUploadUrl(key, { upsert: true });
    expect(signed.error).toBeNull();
    const first = await anon.storage.from(BUCKET).uploadToSignedUrl(key, signed.data!.token, new Blob([pdf], { type: 'application/pdf' }), { upsert: true });
    expect(first.error).toBeNull();
    const rowBefore = await documentRow(key);
    const createdBefore = (await sb.pg.query('select created_at from public.project_documents where id = $1', [documentId])).rows;
    const forged = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x21]);
    const again = await anon.storage.from(BUCKET).uploadToSignedUrl(key, signed.data!.token, new Blob([forged], { type: 'application/pdf' }), { upsert: true });
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await bytesOf((await adminClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
    expect(await documentRow(key)).toEqual(rowBefore);
    expect((await sb.pg.query('select created_at from public.project_documents where id = $1', [documentId])).rows).toEqual(createdBefore);
    // A new upload URL with upsert for the stored key is refused as well, and so are move and a plain upsert.
    expect((await ownerClient.storage.from(BUCKET).createSignedUploadUrl(key, { upsert: true })).error).not.toBeNull();
    expect((await adminClient.storage.from(BUCKET).move(key, keyOf('movido.pdf'))).error).not.toBeNull();
    expect((await adminClient.storage.from(BUCKET).upload(key, new Blob([forged], { type: 'application/pdf' }), { upsert: true })).error).not.toBeNull();
    expect(await bytesOf((await ownerClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
  });

  it('uma chave fora de {projeto}/{documento}/{arquivo} é recusada', async () => {
    for (const key of [`${projectId}/solto.pdf`, `${projectId}/${randomUUID()}/pasta/a.pdf`, `${randomUUID()}/${randomUUID()}/a.pdf`]) {
      expect((await send(ownerClient, key)).error).toMatchObject({ statusCode: '403' });
    }
  });
});

describe('falha no meio', () => {
  it('um envio que falha no commit, depois de gravar objeto, linha e bytes, não deixa nenhum dos três', async () => {
    await sb.pg.exec(`
      create function public.falha_no_commit() returns trigger language plpgsql as $$
      begin raise exception 'falha simulada no commit'; end $$;
      create constraint trigger falha_no_commit after insert on storage.objects deferrable initially deferred
        for each row when (new.name like '%/falha no commit.pdf') execute function public.falha_no_commit();`);
    try {
      const key = keyOf('falha no commit.pdf');
      expect((await send(ownerClient, key)).error).not.toBeNull();
      expect((await sb.pg.query('select 1 from storage.objects where name = $1', [key])).rows).toEqual([]);
      expect(await documentRow(key)).toEqual([]);
      expect((await ownerClient.storage.from(BUCKET).download(key)).error).toMatchObject({ message: 'Object not found' });
      expect((await send(ownerClient, keyOf('depois da falha.pdf'))).error).toBeNull();
    } finally {
      await sb.pg.exec('drop trigger falha_no_commit on storage.objects; drop function public.falha_no_commit();');
    }
  });
});

describe('nomes hostis', () => {
  it('HTML, emoji e texto RTL no nome vão e voltam iguais (lista, download e linha)', async () => {
    for (const file of ['<img src=x onerror=alert(1)>.pdf', 'relatório 📊 final.pdf', 'تقرير‮fdp.pdf']) {
      const documentId = randomUUID();
      const key = keyOf(file, documentId);
      expect((await send(ownerClient, key)).error).toBeNull();
      expect((await ownerClient.storage.from(BUCKET).list(`${projectId}/${documentId}`)).data!.map((f) => f.name)).toEqual([file]);
      expect(await bytesOf((await ownerClient.storage.from(BUCKET).download(key)).data)).toEqual(pdf);
      const row = await ownerClient.from('project_documents').select('name, storage_path').eq('id', documentId).single();
      expect(row.data).toEqual({ name: file, storage_path: key });
    }
  });
});
