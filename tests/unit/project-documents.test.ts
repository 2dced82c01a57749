import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

/** A stand-in for storage-js's bucket API: records calls and answers with queued results. */
const store = vi.hoisted(() => ({
  calls: [] as unknown[][],
  answers: [] as { data?: unknown; error?: unknown }[],
  progress: [] as unknown[],
}));
const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  const answer = async () => ({ data: null, error: null, ...(store.answers.shift() ?? {}) });
  const storage = async (onProgress?: unknown) => {
    store.progress.push(onProgress);
    return {
      from: (bucket: string) => ({
        upload: (...args: unknown[]) => (store.calls.push(['upload', bucket, ...args]), answer()),
        download: (...args: unknown[]) => (store.calls.push(['download', bucket, ...args]), answer()),
        remove: (...args: unknown[]) => (store.calls.push(['remove', bucket, ...args]), answer()),
      }),
    };
  };
  return { supabase: fake.current.client, storage };
});

const docs = await import('../../src/lib/data/project-documents');
const { DataError, NotFoundError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const PROJECT = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';
const DOC = '5d1e8f0a-7c3b-4e2d-9f6a-1b2c3d4e5f60';
/** A file whose first bytes are a PDF header. */
const pdf = (name = 'contrato.pdf', size = 10) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-').subarray(0, size));
  return new File([bytes], name, { type: 'application/pdf' });
};

beforeEach(() => {
  sb().reset();
  store.calls.length = 0;
  store.answers.length = 0;
  store.progress.length = 0;
});

describe('listProjectDocuments', () => {
  it('lista os documentos do projeto, mais novos primeiro, com o nome de quem enviou', async () => {
    const row = { id: DOC, name: 'a.pdf', uploader: { full_name: 'Ana' } };
    sb().respond({ data: [row] });
    expect(await docs.listProjectDocuments(PROJECT)).toEqual([row]);
    expect(sb().calls[0]).toEqual([
      ['from', 'project_documents'],
      ['select', '*, uploader:profiles!project_documents_uploaded_by_fkey(full_name)'],
      ['eq', 'project_id', PROJECT],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['overrideTypes'],
    ]);
  });
});

describe('uploadProjectDocument', () => {
  it('envia só o objeto, na chave {projeto}/{documento}/{nome}, com o tipo aceito e sem sobrescrever; o banco cria a linha', async () => {
    const onProgress = vi.fn();
    await docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf(), onProgress });
    expect(store.progress).toEqual([onProgress]);
    expect(store.calls).toHaveLength(1);
    const [verb, bucket, key, body, options] = store.calls[0]!;
    expect([verb, bucket, key, options]).toEqual([
      'upload',
      'project-documents',
      `${PROJECT}/${DOC}/contrato.pdf`,
      { contentType: 'application/pdf', upsert: false },
    ]);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/pdf');
    expect(sb().calls).toEqual([]); // no insert into project_documents from the browser
  });

  it('um nome com #, ? ou % vai codificado no caminho da URL, para chegar inteiro ao Storage', async () => {
    await docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf('Relatório #3 ?final 100%.pdf') });
    expect(store.calls[0]![2]).toBe(`${PROJECT}/${DOC}/Relat%C3%B3rio%20%233%20%3Ffinal%20100%25.pdf`);
  });

  it('um docx sem tipo do navegador vai com o tipo da extensão', async () => {
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0])], 'proposta.docx', { type: '' });
    await docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file });
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(store.calls[0]![4]).toEqual({ contentType: type, upsert: false });
    expect((store.calls[0]![3] as Blob).type).toBe(type);
  });

  it('grande demais ou de tipo recusado: erro em pt-BR com o nome, e nada é enviado', async () => {
    const big = { name: 'enorme.pdf', type: 'application/pdf', size: 26_214_401 } as File;
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: big })).rejects.toThrow(
      'O arquivo "enorme.pdf" tem 25 MB e passa do limite de 25 MB por arquivo.',
    );
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: exe })).rejects.toThrow(/"setup.exe" não é de um tipo aceito/);
    expect(store.calls).toEqual([]);
  });

  it('um HTML com nome .pdf é recusado em pt-BR pelo conteúdo, e nada é enviado', async () => {
    const html = new File(['<!DOCTYPE html><html><script>alert(1)</script></html>'], 'relatorio.pdf', { type: 'application/pdf' });
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: html })).rejects.toThrow(
      'O conteúdo do arquivo "relatorio.pdf" não corresponde ao tipo PDF. Envie o arquivo original.',
    );
    expect(store.calls).toEqual([]);
  });

  it('a recusa do Storage local por conteúdo vira a mensagem em pt-BR', async () => {
    store.answers.push({ error: { message: 'file content does not match mime type application/pdf', status: 400, statusCode: '415' } });
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf() })).rejects.toThrow(
      'O conteúdo do arquivo "contrato.pdf" não corresponde ao tipo declarado. Envie o arquivo original.',
    );
  });

  it('reenvio de um envio cuja resposta se perdeu ("already exists" na mesma chave, 409 no status ou no corpo) é sucesso', async () => {
    store.answers.push(
      { error: { message: 'The resource already exists', status: 409, statusCode: '409' } },
      { error: { message: 'The resource already exists', status: 400, statusCode: '409' } },
    );
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf() })).resolves.toBeUndefined();
    await expect(docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf() })).resolves.toBeUndefined();
  });

  it('as recusas do Storage viram mensagens em pt-BR com o nome do arquivo', async () => {
    store.answers.push(
      { error: { message: 'The object exceeded the maximum allowed size', status: 413, statusCode: '413' } },
      { error: { message: 'new row violates row-level security policy', status: 403, statusCode: '403' } },
      { error: { message: 'Failed to fetch', status: undefined } },
    );
    const send = () => docs.uploadProjectDocument({ projectId: PROJECT, documentId: DOC, file: pdf() }).catch((e) => e);
    expect((await send()).message).toBe('O arquivo "contrato.pdf" passa do limite de 25 MB por arquivo.');
    expect((await send()).message).toBe('Você não tem permissão para esta ação neste projeto.');
    const offline = await send();
    expect(offline).toBeInstanceOf(DataError);
    expect(offline.message).toBe('Não foi possível conectar ao servidor. Verifique sua conexão.');
  });
});

describe('downloadProjectDocument', () => {
  it('baixa os bytes da chave guardada', async () => {
    const blob = new Blob(['%PDF']);
    store.answers.push({ data: blob });
    const doc = { storage_path: `${PROJECT}/${DOC}/a b.pdf`, name: 'a b.pdf' };
    expect(await docs.downloadProjectDocument(doc)).toBe(blob);
    expect(store.calls[0]).toEqual(['download', 'project-documents', `${PROJECT}/${DOC}/a%20b.pdf`]);
  });

  it('um documento que o usuário não pode ler é NotFoundError', async () => {
    store.answers.push({ error: { message: 'Object not found', status: 400, statusCode: '404' } });
    await expect(docs.downloadProjectDocument({ storage_path: `${PROJECT}/${DOC}/a.pdf`, name: 'a.pdf' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('deleteProjectDocument', () => {
  it('remove o objeto pela API do Storage (a chave crua no corpo); a linha sai com ele', async () => {
    store.answers.push({ data: [{ name: `${PROJECT}/${DOC}/a.pdf` }] });
    await docs.deleteProjectDocument({ storage_path: `${PROJECT}/${DOC}/a #1.pdf`, name: 'a #1.pdf' });
    expect(store.calls[0]).toEqual(['remove', 'project-documents', [`${PROJECT}/${DOC}/a #1.pdf`]]);
    expect(sb().calls).toEqual([]);
  });

  it('nada removido (sem permissão ou já excluído) é NotFoundError', async () => {
    store.answers.push({ data: [] });
    await expect(docs.deleteProjectDocument({ storage_path: `${PROJECT}/${DOC}/a.pdf`, name: 'a.pdf' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
