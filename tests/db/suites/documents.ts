// Project documents: the project-documents bucket, the policies on storage.objects, and public.project_documents kept
// equal to the bucket's objects by the database. Statements on storage.objects are the ones the Storage API runs (as the
// caller, or as Storage's own role); a SQL delete needs storage.allow_delete_query, which only Storage sets. Three
// documents are stored for the duration of the suite (A's and the admin's on A's project, B's on B's) and removed after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, asDbError, type Row, type TestDb } from '../db.ts';
import { DENIED, ID, matrixCases, runCase, sortedExpectation, type Outcome, type RelationMatrix, type Who } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

const BUCKET = 'project-documents';
const key = (project: string, document: string, file: string) => `${project}/${document}/${file}`;
const KEY = {
  docA: key(ID.projectA, ID.docA, 'contrato.pdf'),
  docAdminOnA: key(ID.projectA, ID.docAdminOnA, 'relatório final.pdf'),
  docB: key(ID.projectB, ID.docB, 'proposta.pdf'),
};
const ALLOW_DELETE = `select set_config('storage.allow_delete_query', 'true', true)`;
const PDF = JSON.stringify({ size: 2048, mimetype: 'application/pdf' });

/** As Storage writes an upload's row: owner columns from the caller's token, metadata from the bytes. */
const upload = (name: string, metadata = PDF) => ({
  sql: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
        values ('${BUCKET}', $1, auth.uid(), auth.uid()::text, $2::jsonb) returning id`,
  params: [name, metadata],
});

const all = (outcome: Outcome): Record<Who, Outcome> => ({ anon: outcome, a: outcome, b: outcome, admin: outcome });

const DOCUMENTS_MATRIX: RelationMatrix[] = [
  {
    relation: `storage.objects (${BUCKET})`,
    target: 'o documento que a cliente A enviou',
    statements: {
      select: { sql: `select split_part(name, '/', 2) as id from storage.objects where bucket_id = '${BUCKET}'` },
      insert: upload(key(ID.projectA, '70000000-0000-4000-8000-0000000000ff', 'novo.pdf')),
      update: { sql: `update storage.objects set name = name || '.bak' where name = $1 returning id`, params: [KEY.docA] },
      delete: { setup: ALLOW_DELETE, sql: 'delete from storage.objects where name = $1 returning id', params: [KEY.docA] },
    },
    expect: {
      select: { anon: [], a: ['docA', 'docAdminOnA'], b: ['docB'], admin: ['docA', 'docAdminOnA', 'docB'] },
      insert: { anon: DENIED, a: 1, b: DENIED, admin: 1 },
      // No overwrite, upsert or move for anyone.
      update: all(0),
      delete: { anon: 0, a: 1, b: 0, admin: 1 },
    },
  },
  {
    relation: 'project_documents',
    target: 'o documento que a cliente A enviou',
    statements: {
      select: { sql: 'select id from public.project_documents' },
      insert: {
        sql: `insert into public.project_documents (id, project_id, storage_path, name, mime_type, size_bytes)
              values ($1, $2, $3, 'x.pdf', 'application/pdf', 1) returning id`,
        params: ['70000000-0000-4000-8000-0000000000ff', ID.projectA, key(ID.projectA, '70000000-0000-4000-8000-0000000000ff', 'x.pdf')],
      },
      update: { sql: `update public.project_documents set name = 'trocado.pdf' where id = $1 returning id`, params: [ID.docA] },
      delete: { sql: 'delete from public.project_documents where id = $1 returning id', params: [ID.docA] },
    },
    expect: {
      select: { anon: DENIED, a: ['docA', 'docAdminOnA'], b: ['docB'], admin: ['docA', 'docAdminOnA', 'docB'] },
      // Only the trigger on storage.objects writes it.
      insert: all(DENIED),
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
];

export function describeDocuments(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);
  const documents = async () =>
    (await getDb().query('select id, storage_path from public.project_documents order by id')).rows;
  const objects = async () =>
    (await getDb().query(`select name from storage.objects where bucket_id = '${BUCKET}' order by name`)).rows.map((r) => r.name);

  describe('documentos de projeto (bucket project-documents)', () => {
    beforeAll(async () => {
      const db = getDb();
      const stored: [keyof typeof KEY, string][] = [['docA', ID.userA], ['docAdminOnA', ID.admin], ['docB', ID.userB]];
      for (const [name, uploader] of stored) {
        await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $4::text, $5::jsonb)`,
          [BUCKET, KEY[name], uploader, uploader, PDF],
        );
      }
    });
    afterAll(async () => {
      const db = getDb();
      await db.query('begin');
      await db.query(ALLOW_DELETE);
      await db.query(`delete from storage.objects where bucket_id = $1`, [BUCKET]);
      await db.query('commit');
    });

    describe('matriz: storage.objects do bucket e project_documents × anônimo, cliente A, cliente B, admin', () => {
      for (const c of matrixCases(DOCUMENTS_MATRIX)) {
        it(c.name, async () => {
          expect(await runCase(getDb(), c)).toEqual(sortedExpectation(c));
        });
      }
    });

    it('o bucket é privado, aceita até 25 MB e só os tipos da lista', async () => {
      const { rows } = await getDb().query('select public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = $1', [BUCKET]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ public: false, file_size_limit: 26214400 });
      expect([...(rows[0].allowed_mime_types as string[])].sort()).toEqual([
        'application/pdf', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/x-zip-compressed',
        'application/zip', 'image/jpeg', 'image/png', 'image/webp', 'text/csv', 'text/plain',
      ]);
    });

    it('cada objeto do bucket tem sua linha com projeto, caminho, nome, tipo, tamanho e quem enviou', async () => {
      const { rows } = await getDb().query(
        'select id, project_id, storage_path, name, mime_type, size_bytes::int as size_bytes, uploaded_by from public.project_documents order by id',
      );
      expect(rows).toEqual([
        { id: ID.docA, project_id: ID.projectA, storage_path: KEY.docA, name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: 2048, uploaded_by: ID.userA },
        { id: ID.docB, project_id: ID.projectB, storage_path: KEY.docB, name: 'proposta.pdf', mime_type: 'application/pdf', size_bytes: 2048, uploaded_by: ID.userB },
        { id: ID.docAdminOnA, project_id: ID.projectA, storage_path: KEY.docAdminOnA, name: 'relatório final.pdf', mime_type: 'application/pdf', size_bytes: 2048, uploaded_by: ID.admin },
      ]);
    });

    it('um envio cria a linha na mesma transação; nome hostil, emoji e RTL ficam como vieram', async () => {
      const names = ['<img src=x onerror=alert(1)>.pdf', 'relatório 📊 final.pdf', 'تقرير‮fdp.txt'];
      await inTransaction(async ({ keep }) => {
        for (const [i, file] of names.entries()) {
          const document = `70000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`;
          await keep('a', upload(key(ID.projectA, document, file)).sql, upload(key(ID.projectA, document, file)).params);
          const [row] = await keep('a', 'select name, storage_path, uploaded_by from public.project_documents where id = $1', [document]);
          expect(row).toEqual({ name: file, storage_path: key(ID.projectA, document, file), uploaded_by: ID.userA });
        }
      });
      expect((await documents()).length).toBe(3);
    });

    it('um documento enviado entra na atividade do console: projeto, nome do arquivo e quem enviou', async () => {
      await inTransaction(async ({ keep }) => {
        const document = '70000000-0000-4000-8000-000000000201';
        await keep('a', upload(key(ID.projectA, document, 'escopo.pdf')).sql, upload(key(ID.projectA, document, 'escopo.pdf')).params);
        const log = await keep('admin', `select kind, subject_id, label, detail, actor_id from public.activity_log where kind = 'project_document_uploaded' and detail = 'escopo.pdf'`);
        expect(log).toEqual([
          { kind: 'project_document_uploaded', subject_id: ID.projectA, label: 'Projeto da Ana', detail: 'escopo.pdf', actor_id: ID.userA },
        ]);
      });
    });

    it('um envio que falha depois de gravar o objeto (bytes, commit) não deixa objeto nem linha', async () => {
      const db = getDb();
      const failed = key(ID.projectA, '70000000-0000-4000-8000-0000000002aa', 'cortado.pdf');
      await asActor(db, { role: 'authenticated', sub: ID.userA, email: 'ana@cliente-a.com.br' }, async (q) => {
        await q(upload(failed).sql, upload(failed).params);
        expect((await q('select count(*)::int as n from public.project_documents where storage_path = $1', [failed])).rows[0].n).toBe(1);
        // asActor rolls back: what Storage does when writing the bytes or committing fails.
      });
      expect(await objects()).not.toContain(failed);
      expect((await documents()).map((d) => d.storage_path)).not.toContain(failed);
    });

    it('enviar de novo a mesma chave (ou reusar o id do documento) é recusado e não muda nada', async () => {
      expect(await refusal('a', upload(KEY.docA).sql, upload(KEY.docA).params)).toMatchObject({ code: '23505' });
      const reused = key(ID.projectA, ID.docA, 'outro nome.pdf');
      expect(await refusal('a', upload(reused).sql, upload(reused).params)).toMatchObject({ code: '23505' });
      expect(await objects()).toEqual([KEY.docA, KEY.docAdminOnA, KEY.docB].sort());
      expect((await documents()).length).toBe(3);
    });

    it('a chave tem de ser {projeto}/{documento}/{arquivo} de um projeto do cliente (ou de qualquer um, para a admin)', async () => {
      const doc = '70000000-0000-4000-8000-0000000003aa';
      const refusedKeys: [Who, string][] = [
        ['a', `${ID.projectA}/contrato.pdf`],
        ['a', `${ID.projectA}/${doc}/pasta/contrato.pdf`],
        ['a', `${ID.projectA}/nao-e-uuid/contrato.pdf`],
        ['a', `${ID.projectA.toUpperCase()}/${doc}/contrato.pdf`],
        ['a', `${ID.projectB}/${doc}/contrato.pdf`],
        ['b', `${ID.projectA}/${doc}/contrato.pdf`],
        ['admin', `10000000-0000-4000-8000-0000000000ff/${doc}/contrato.pdf`],
        ['admin', `${ID.projectA}/${doc}`],
      ];
      for (const [who, name] of refusedKeys) {
        expect({ who, name, ...(await refusal(who, upload(name).sql, upload(name).params)) }).toMatchObject({ who, name, code: '42501' });
      }
      expect(await run('admin', upload(key(ID.projectB, doc, 'entrega.pdf')).sql, upload(key(ID.projectB, doc, 'entrega.pdf')).params)).toHaveLength(1);
    });

    it('nem o service role grava no bucket um objeto fora do formato de documento', async () => {
      const db = getDb();
      for (const name of ['solto.pdf', `${ID.projectA}/solto.pdf`]) {
        const error = await asActor(db, { role: 'service_role' }, (q) =>
          q(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [BUCKET, name]).then(() => null, asDbError));
        expect(error).toEqual({ code: '23514', message: `Invalid key: ${name}` });
      }
      const error = await asActor(db, { role: 'service_role' }, (q) =>
        q(`insert into public.project_documents (id, project_id, storage_path, name, mime_type, size_bytes) values ($1, $2, $3, 'x.pdf', 'application/pdf', 1)`,
          ['70000000-0000-4000-8000-0000000004aa', ID.projectA, key(ID.projectA, '70000000-0000-4000-8000-0000000004aa', 'x.pdf')]).then(() => null, asDbError));
      expect(error).toMatchObject({ code: '42501' });
    });

    it('o papel do próprio Storage, sem sessão, grava objeto e linha com quem enviou tirado do dono do objeto', async () => {
      const db = getDb();
      const name = key(ID.projectB, '70000000-0000-4000-8000-0000000005aa', 'via storage.pdf');
      await db.query('begin');
      try {
        await db.query('set local role supabase_storage_admin');
        await db.query(`insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $4::text, $5::jsonb)`, [BUCKET, name, ID.userB, ID.userB, PDF]);
        await db.query('reset role');
        const { rows } = await db.query('select project_id, uploaded_by from public.project_documents where storage_path = $1', [name]);
        expect(rows).toEqual([{ project_id: ID.projectB, uploaded_by: ID.userB }]);
      } finally {
        await db.query('rollback');
      }
    });

    it('apagar o objeto apaga a linha; o cliente só apaga o que enviou, a admin apaga qualquer um', async () => {
      await inTransaction(async ({ keep }) => {
        await getDb().query(ALLOW_DELETE);
        const remove = (who: Who, name: string) => keep(who, 'delete from storage.objects where name = $1 returning name', [name]);
        expect(await remove('a', KEY.docAdminOnA)).toEqual([]);
        expect(await remove('b', KEY.docA)).toEqual([]);
        expect(await remove('a', KEY.docA)).toHaveLength(1);
        expect(await remove('admin', KEY.docB)).toHaveLength(1);
        expect((await documents()).map((d) => d.id)).toEqual([ID.docAdminOnA]);
        expect(await objects()).toEqual([KEY.docAdminOnA]);
      });
      expect((await documents()).length).toBe(3);
    });

    it('um delete que falha no meio (desfeito) deixa objeto e linha', async () => {
      const db = getDb();
      await asActor(db, { role: 'authenticated', sub: ID.userA, email: 'ana@cliente-a.com.br' }, async (q) => {
        await q(ALLOW_DELETE);
        expect((await q('delete from storage.objects where name = $1 returning name', [KEY.docA])).rows).toHaveLength(1);
        expect((await q('select count(*)::int as n from public.project_documents where id = $1', [ID.docA])).rows[0].n).toBe(0);
      });
      expect(await objects()).toContain(KEY.docA);
      expect((await documents()).map((d) => d.id)).toContain(ID.docA);
    });

    it('um documento guardado não muda: nem o servidor, nem o papel do Storage (URL assinada) sobrescrevem, renomeiam, movem ou trocam metadados', async () => {
      const db = getDb();
      const before = async () =>
        (await db.query(`select name, bucket_id, version, metadata from storage.objects where bucket_id = $1 order by name`, [BUCKET])).rows;
      const rowsBefore = await before();
      const documentsBefore = (await db.query('select * from public.project_documents order by id')).rows;
      const renamed = key(ID.projectA, '70000000-0000-4000-8000-0000000006aa', 'renomeado.pdf');
      const attempts: [string, string, unknown[]][] = [
        ['postgres', `update storage.objects set name = $2 where name = $1`, [KEY.docA, renamed]],
        ['postgres', `update storage.objects set metadata = $2::jsonb where name = $1`, [KEY.docA, JSON.stringify({ size: 77, mimetype: 'text/plain' })]],
        ['postgres', `update storage.objects set bucket_id = 'outro-bucket' where name = $1`, [KEY.docB]],
        ['supabase_storage_admin', `update storage.objects set version = 'v2', owner_id = $2 where name = $1`, [KEY.docAdminOnA, ID.userA]],
        // The upsert Storage runs for a signed upload URL issued with upsert, as its own role.
        ['supabase_storage_admin',
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ('${BUCKET}', $1, $2::uuid, $2::text, $3::jsonb, 'v2')
           on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version`,
          [KEY.docA, ID.userA, JSON.stringify({ size: 5, mimetype: 'application/pdf' })]],
      ];
      for (const [role, sql, params] of attempts) {
        await db.query('begin');
        try {
          await db.query(`insert into storage.buckets (id, name) values ('outro-bucket', 'outro-bucket')`);
          if (role !== 'postgres') await db.query(`set local role ${role}`);
          expect({ sql, error: await db.query(sql, params).then(() => null, asDbError) })
            .toMatchObject({ sql, error: { code: '23505', message: 'Um arquivo guardado não é substituído, renomeado nem movido: envie-o com outro nome.' } });
        } finally {
          await db.query('rollback');
        }
      }
      expect(await before()).toEqual(rowsBefore);
      expect((await db.query('select * from public.project_documents order by id')).rows).toEqual(documentsBefore);
    });

    it('um objeto de outro bucket não entra no bucket de documentos por um update', async () => {
      const db = getDb();
      await db.query('begin');
      try {
        await db.query(`insert into storage.buckets (id, name) values ('outro-bucket', 'outro-bucket')`);
        const name = key(ID.projectA, '70000000-0000-4000-8000-0000000007aa', 'de fora.pdf');
        await db.query(`insert into storage.objects (bucket_id, name, metadata) values ('outro-bucket', $1, $2::jsonb)`, [name, PDF]);
        await db.query(`update storage.objects set metadata = '{}'::jsonb where bucket_id = 'outro-bucket' and name = $1`, [name]);
        expect(await db.query(`update storage.objects set bucket_id = $2 where bucket_id = 'outro-bucket' and name = $1`, [name, BUCKET]).then(() => null, asDbError))
          .toMatchObject({ code: '23505' });
      } finally {
        await db.query('rollback');
      }
    });

    it('um projeto com documentos não é excluído (nem a conta do dono); sem documentos, sim', async () => {
      const message = 'Este projeto tem documentos: exclua os documentos antes de excluir o projeto.';
      for (const who of ['a', 'admin'] as Who[]) {
        expect(await refusal(who, 'delete from public.projects where id = $1', [ID.projectA])).toEqual({ code: '23503', message });
      }
      expect(await getDb().query('delete from auth.users where id = $1', [ID.userB]).then(() => null, asDbError)).toEqual({ code: '23503', message });
      await inTransaction(async ({ keep }) => {
        await getDb().query(ALLOW_DELETE);
        await keep('a', 'delete from storage.objects where name = $1', [KEY.docA]);
        await keep('admin', 'delete from storage.objects where name = $1', [KEY.docAdminOnA]);
        // A's project is in progress: the agency deletes it.
        expect(await keep('admin', 'delete from public.projects where id = $1 returning id', [ID.projectA])).toHaveLength(1);
      });
      expect((await documents()).length).toBe(3);
    });
  });
}
