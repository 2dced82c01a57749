// Ticket attachments: the ticket-attachments bucket, its policies on storage.objects, and public.ticket_attachments kept
// equal to the bucket's objects by the database. Five attachments are stored for the duration of the suite: on A's
// ticket its first message (A), the staff reply (admin), the internal note (admin) and A's answer (A); on B's ticket
// its first message (B). Statements on storage.objects are the ones the Storage API runs as the caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, asDbError, type TestDb } from '../db.ts';
import { DENIED, ID, matrixCases, type FixtureName, runCase, sortedExpectation, type Outcome, type RelationMatrix, type Who } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

const BUCKET = 'ticket-attachments';
const key = (ticket: string, message: string, attachment: string, file: string) => `${ticket}/${message}/${attachment}/${file}`;
const KEY = {
  attFirstA: key(ID.ticketA, ID.ticketA, ID.attFirstA, 'erro na tela.png'),
  attReplyToA: key(ID.ticketA, ID.msgStaffToA, ID.attReplyToA, 'passo a passo.pdf'),
  attNoteOnA: key(ID.ticketA, ID.noteOnA, ID.attNoteOnA, 'log interno.txt'),
  attFromA: key(ID.ticketA, ID.msgFromA, ID.attFromA, 'print.png'),
  attFirstB: key(ID.ticketB, ID.ticketB, ID.attFirstB, 'fatura.pdf'),
};
const UPLOADER: Record<keyof typeof KEY, string> = {
  attFirstA: ID.userA,
  attReplyToA: ID.admin,
  attNoteOnA: ID.admin,
  attFromA: ID.userA,
  attFirstB: ID.userB,
};
const ALLOW_DELETE = `select set_config('storage.allow_delete_query', 'true', true)`;
const PDF = JSON.stringify({ size: 4096, mimetype: 'application/pdf' });
const NEW = '80000000-0000-4000-8000-0000000000ff';

const upload = (name: string, metadata = PDF) => ({
  sql: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
        values ('${BUCKET}', $1, auth.uid(), auth.uid()::text, $2::jsonb) returning id`,
  params: [name, metadata],
});

const all = (outcome: Outcome): Record<Who, Outcome> => ({ anon: outcome, a: outcome, b: outcome, admin: outcome });
const VISIBLE: Record<'a' | 'b' | 'admin', FixtureName[]> = {
  a: ['attFirstA', 'attReplyToA', 'attFromA'],
  b: ['attFirstB'],
  admin: ['attFirstA', 'attReplyToA', 'attNoteOnA', 'attFromA', 'attFirstB'],
};

const ATTACHMENTS_MATRIX: RelationMatrix[] = [
  {
    relation: `storage.objects (${BUCKET})`,
    target: 'um anexo na resposta da cliente A',
    statements: {
      select: { sql: `select split_part(name, '/', 3) as id from storage.objects where bucket_id = '${BUCKET}'` },
      insert: upload(key(ID.ticketA, ID.msgFromA, NEW, 'novo.pdf')),
      update: { sql: `update storage.objects set name = name || '.bak' where name = $1 returning id`, params: [KEY.attFromA] },
      delete: { setup: ALLOW_DELETE, sql: 'delete from storage.objects where name = $1 returning id', params: [KEY.attFromA] },
    },
    expect: {
      select: { anon: [], ...VISIBLE },
      // Only the message's author adds files to it.
      insert: { anon: DENIED, a: 1, b: DENIED, admin: DENIED },
      update: all(0),
      delete: all(0),
    },
  },
  {
    relation: 'ticket_attachments',
    target: 'um anexo na resposta da cliente A',
    statements: {
      select: { sql: 'select id from public.ticket_attachments' },
      insert: {
        sql: `insert into public.ticket_attachments (id, ticket_id, message_id, storage_path, name, mime_type, size_bytes)
              values ($1, $2, $3, $4, 'x.pdf', 'application/pdf', 1) returning id`,
        params: [NEW, ID.ticketA, ID.msgFromA, key(ID.ticketA, ID.msgFromA, NEW, 'x.pdf')],
      },
      update: { sql: `update public.ticket_attachments set internal = false where id = $1 returning id`, params: [ID.attNoteOnA] },
      delete: { sql: 'delete from public.ticket_attachments where id = $1 returning id', params: [ID.attFromA] },
    },
    expect: {
      select: { anon: DENIED, ...VISIBLE },
      insert: all(DENIED),
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
];

export function describeTicketAttachments(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);
  const attachments = async () =>
    (await getDb().query('select id, storage_path from public.ticket_attachments order by id')).rows;
  const objects = async () =>
    (await getDb().query(`select name from storage.objects where bucket_id = '${BUCKET}' order by name`)).rows.map((r) => r.name);

  describe('anexos de ticket (bucket ticket-attachments)', () => {
    beforeAll(async () => {
      const db = getDb();
      for (const name of Object.keys(KEY) as (keyof typeof KEY)[]) {
        await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $3::text, $4::jsonb)`,
          [BUCKET, KEY[name], UPLOADER[name], PDF],
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

    describe('matriz: storage.objects do bucket e ticket_attachments × anônimo, cliente A, cliente B, admin', () => {
      for (const c of matrixCases(ATTACHMENTS_MATRIX)) {
        it(c.name, async () => {
          expect(await runCase(getDb(), c)).toEqual(sortedExpectation(c));
        });
      }
    });

    it('o bucket é privado, aceita até 10 MB e só PDF, imagens e texto', async () => {
      const { rows } = await getDb().query('select public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = $1', [BUCKET]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ public: false, file_size_limit: 10485760 });
      expect([...(rows[0].allowed_mime_types as string[])].sort()).toEqual([
        'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/csv', 'text/plain',
      ]);
    });

    it('cada objeto tem sua linha com ticket, mensagem (nula na primeira), nota interna, nome, tipo, tamanho e quem enviou', async () => {
      const { rows } = await getDb().query(
        `select id, ticket_id, message_id, internal, name, mime_type, size_bytes::int as size_bytes, uploaded_by
         from public.ticket_attachments order by id`,
      );
      const row = (id: string, ticket: string, message: string | null, internal: boolean, name: string, by: string) =>
        ({ id, ticket_id: ticket, message_id: message, internal, name, mime_type: 'application/pdf', size_bytes: 4096, uploaded_by: by });
      expect(rows).toEqual([
        row(ID.attFirstA, ID.ticketA, null, false, 'erro na tela.png', ID.userA),
        row(ID.attFromA, ID.ticketA, ID.msgFromA, false, 'print.png', ID.userA),
        row(ID.attFirstB, ID.ticketB, null, false, 'fatura.pdf', ID.userB),
        row(ID.attReplyToA, ID.ticketA, ID.msgStaffToA, false, 'passo a passo.pdf', ID.admin),
        row(ID.attNoteOnA, ID.ticketA, ID.noteOnA, true, 'log interno.txt', ID.admin),
      ].sort((x, y) => x.id.localeCompare(y.id)));
    });

    it('o anexo de uma nota interna não chega à cliente: nem a linha, nem o objeto, nem pelo nome exato', async () => {
      expect(await run('a', 'select id from public.ticket_attachments where id = $1', [ID.attNoteOnA])).toEqual([]);
      expect(await run('a', `select name from storage.objects where bucket_id = '${BUCKET}' and name = $1`, [KEY.attNoteOnA])).toEqual([]);
      expect(await run('admin', `select name from storage.objects where bucket_id = '${BUCKET}' and name = $1`, [KEY.attNoteOnA]))
        .toEqual([{ name: KEY.attNoteOnA }]);
      // A new note's attachment is internal from the start.
      await inTransaction(async ({ keep }) => {
        const note = '50000000-0000-4000-8000-0000000000a9';
        await keep('admin', `insert into public.ticket_messages (id, ticket_id, body, internal) values ($1, $2, 'Outra nota', true)`, [note, ID.ticketA]);
        const name = key(ID.ticketA, note, NEW, 'segredo.pdf');
        await keep('admin', upload(name).sql, upload(name).params);
        expect(await keep('admin', 'select internal from public.ticket_attachments where id = $1', [NEW])).toEqual([{ internal: true }]);
        expect(await keep('a', 'select id from public.ticket_attachments where id = $1', [NEW])).toEqual([]);
        expect(await keep('a', `select name from storage.objects where name = $1`, [name])).toEqual([]);
      });
    });

    it('só o autor da mensagem anexa: o dono na primeira mensagem e nas suas respostas, a equipe nas suas respostas e notas', async () => {
      const refused: [Who, string][] = [
        ['admin', key(ID.ticketA, ID.ticketA, NEW, 'a.pdf')],
        ['a', key(ID.ticketA, ID.msgStaffToA, NEW, 'a.pdf')],
        ['a', key(ID.ticketA, ID.noteOnA, NEW, 'a.pdf')],
        ['b', key(ID.ticketA, ID.ticketA, NEW, 'a.pdf')],
        ['b', key(ID.ticketA, ID.msgFromA, NEW, 'a.pdf')],
        // A message of another ticket, named under A's ticket.
        ['b', key(ID.ticketA, ID.msgFromB, NEW, 'a.pdf')],
        ['a', key(ID.ticketB, ID.msgFromA, NEW, 'a.pdf')],
        // Keys outside {ticket}/{message}/{attachment}/{file}.
        ['a', `${ID.ticketA}/${ID.ticketA}/a.pdf`],
        ['a', `${ID.ticketA}/${ID.ticketA}/${NEW}/pasta/a.pdf`],
        ['a', `${ID.ticketA}/${ID.ticketA}/${NEW.toUpperCase()}/a.pdf`],
        ['anon', key(ID.ticketA, ID.ticketA, NEW, 'a.pdf')],
      ];
      for (const [who, name] of refused) {
        expect({ who, name, ...(await refusal(who, upload(name).sql, upload(name).params)) }).toMatchObject({ who, name, code: '42501' });
      }
      for (const [who, name] of [
        ['a', key(ID.ticketA, ID.ticketA, NEW, 'outro.pdf')],
        ['a', key(ID.ticketA, ID.msgFromA, NEW, 'outro.pdf')],
        ['admin', key(ID.ticketA, ID.msgStaffToA, NEW, 'outro.pdf')],
        ['admin', key(ID.ticketB, ID.noteOnB, NEW, 'outro.pdf')],
        ['b', key(ID.ticketB, ID.msgFromB, NEW, 'outro.pdf')],
      ] as [Who, string][]) {
        expect(await run(who, upload(name).sql, upload(name).params)).toHaveLength(1);
      }
      expect((await attachments()).length).toBe(5);
    });

    it('enviar de novo a mesma chave (ou reusar o id do anexo) é recusado e não muda nada', async () => {
      expect(await refusal('a', upload(KEY.attFromA).sql, upload(KEY.attFromA).params)).toMatchObject({ code: '23505' });
      const reused = key(ID.ticketA, ID.msgFromA, ID.attFromA, 'outro nome.pdf');
      expect(await refusal('a', upload(reused).sql, upload(reused).params)).toMatchObject({ code: '23505' });
      expect(await objects()).toEqual(Object.values(KEY).sort());
    });

    it('um anexo guardado não muda: nem o servidor nem o papel do Storage o sobrescrevem, renomeiam ou trocam metadados', async () => {
      const db = getDb();
      const before = async () =>
        (await db.query(`select name, version, metadata from storage.objects where bucket_id = $1 order by name`, [BUCKET])).rows;
      const rowsBefore = await before();
      const attempts: [string, string, unknown[]][] = [
        ['postgres', `update storage.objects set name = $2 where name = $1`, [KEY.attFromA, key(ID.ticketA, ID.msgFromA, NEW, 'x.pdf')]],
        ['postgres', `update storage.objects set metadata = $2::jsonb where name = $1`, [KEY.attNoteOnA, JSON.stringify({ size: 1, mimetype: 'text/plain' })]],
        ['supabase_storage_admin', `update storage.objects set version = 'v2' where name = $1`, [KEY.attFirstB]],
      ];
      for (const [role, sql, params] of attempts) {
        await db.query('begin');
        try {
          if (role !== 'postgres') await db.query(`set local role ${role}`);
          expect({ sql, error: await db.query(sql, params).then(() => null, asDbError) }).toMatchObject({ sql, error: { code: '23505' } });
        } finally {
          await db.query('rollback');
        }
      }
      expect(await before()).toEqual(rowsBefore);
    });

    it('nem o service role grava no bucket um objeto de mensagem inexistente ou fora do formato', async () => {
      const db = getDb();
      for (const name of ['solto.pdf', `${ID.ticketA}/solto.pdf`, key(ID.ticketA, '50000000-0000-4000-8000-0000000000ee', NEW, 'x.pdf'), key(ID.ticketB, ID.msgFromA, NEW, 'x.pdf')]) {
        const error = await asActor(db, { role: 'service_role' }, (q) =>
          q(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [BUCKET, name]).then(() => null, asDbError));
        expect(error).toEqual({ code: '23514', message: `Invalid key: ${name}` });
      }
    });

    it('um ticket com anexos não é excluído (nem a conta de quem o abriu)', async () => {
      const message = 'Este ticket tem anexos: eles precisam ser removidos pelo Storage antes de excluir o ticket.';
      expect(await getDb().query('delete from public.support_tickets where id = $1', [ID.ticketB]).then(() => null, asDbError)).toEqual({ code: '23503', message });
      await inTransaction(async () => {
        const db = getDb();
        await db.query('savepoint refused');
        expect(await db.query('delete from auth.users where id = $1', [ID.userB]).then(() => null, asDbError)).toEqual({ code: '23503', message });
        await db.query('rollback to savepoint refused');
        await db.query(ALLOW_DELETE);
        await db.query(`delete from storage.objects where name = $1`, [KEY.attFirstB]);
        expect((await db.query('delete from public.support_tickets where id = $1 returning id', [ID.ticketB])).rows).toHaveLength(1);
      });
      expect((await attachments()).length).toBe(5);
    });
  });
}
