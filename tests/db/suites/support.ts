// The support desk: ticket messages, what a message changes on its ticket, 'Nova resposta', the waiting count, the
// status change with optimistic concurrency, and above all that an internal note never reaches a client.
// A suite over the rows of fixtures/people.sql (A's ticket: staff reply, internal note, A's answer; B's ticket: B's
// follow-up, internal note), run on PGlite and on PostgreSQL 15 alike. Every change is rolled back.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

/** A word that appears only in the fixture's internal notes. */
const SECRET = 'segredo';

export function describeSupport(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);

  const ticketRow = async (id: string) =>
    (await getDb().query('select status, response_content, waiting_since, last_staff_reply_at, updated_at from public.support_tickets where id = $1', [id])).rows[0];

  describe('suporte: notas internas nunca chegam ao cliente', () => {
    // Every way a client could ask: filters, embeds, counts, RPCs, the ticket row itself.
    const probes: [string, unknown[]][] = [
      ['select * from public.ticket_messages', []],
      ['select * from public.ticket_messages where internal', []],
      ['select * from public.ticket_messages where id = $1 or id = $2', [ID.noteOnA, ID.noteOnB]],
      [`select * from public.ticket_messages where body ilike '%segredo%' or true`, []],
      ['select * from public.ticket_messages where ticket_id = $1 order by created_at desc limit 1', [ID.ticketA]],
      ['select count(*)::int as n, count(*) filter (where internal)::int as notes from public.ticket_messages', []],
      [`select t.*, (select json_agg(m) from public.ticket_messages m where m.ticket_id = t.id) as messages from public.support_tickets t`, []],
      ['select to_json(t) as row from public.support_tickets t', []],
      ['select public.support_unread_count() as n', []],
      ['select public.mark_ticket_read(id) as at from public.support_tickets', []],
    ];
    for (const who of ['a', 'b'] as const) {
      for (const [sql, params] of probes) {
        it(`${who === 'a' ? 'a cliente A' : 'o cliente B'} não vê nota interna em: ${sql}`, async () => {
          const rows = await run(who, sql, params);
          expect(JSON.stringify(rows)).not.toContain(SECRET);
          expect(JSON.stringify(rows)).not.toContain(ID.noteOnA);
          expect(JSON.stringify(rows)).not.toContain(ID.noteOnB);
        });
      }
    }

    it('contar as mensagens do próprio ticket não conta a nota interna', async () => {
      expect(await run('a', 'select count(*)::int as n from public.ticket_messages where ticket_id = $1', [ID.ticketA])).toEqual([{ n: 2 }]);
      expect(await run('admin', 'select count(*)::int as n from public.ticket_messages where ticket_id = $1', [ID.ticketA])).toEqual([{ n: 3 }]);
    });

    it('as funções da equipe recusam o cliente sem revelar nada', async () => {
      for (const sql of [
        'select * from public.support_inbox()',
        `select * from public.support_inbox(null, false, 'segredo')`,
        'select public.support_waiting_count()',
        `select public.set_ticket_status('${ID.ticketA}', 'resolved', now())`,
        `select private.support_inbox_ids(null, false, 'segredo', null, null, 10)`,
      ]) {
        const { code, message } = await refusal('a', sql);
        expect(code, sql).toBe('42501');
        expect(message).not.toContain(SECRET);
      }
    });

    it('reenviar o id de uma nota interna não revela o texto nem a altera', async () => {
      const plain = await refusal('a', `insert into public.ticket_messages (id, ticket_id, body) values ($1, $2, 'Oi')`, [ID.noteOnA, ID.ticketA]);
      expect(plain.code).toBe('23505');
      expect(plain.message).not.toContain(SECRET);
      const ignored = await run('a', `insert into public.ticket_messages (id, ticket_id, body) values ($1, $2, 'Oi') on conflict (id) do nothing returning *`, [ID.noteOnA, ID.ticketA]);
      expect(ignored).toEqual([]);
      expect((await getDb().query('select body from public.ticket_messages where id = $1', [ID.noteOnA])).rows[0].body).toContain(SECRET);
    });

    it('um cliente não escreve nota interna, nem no próprio ticket', async () => {
      const { code } = await refusal('a', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'x', true)`, [ID.ticketA]);
      expect(code).toBe('42501');
    });

    it('uma nota interna não muda nada que o cliente veja: updated_at, resposta, espera, Nova resposta', async () => {
      await inTransaction(async ({ keep, peek }) => {
        const before = await ticketRow(ID.ticketB);
        const unread = await peek('b', 'select public.support_unread_count() as n');
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'Outra nota interna', true)`, [ID.ticketB]);
        expect(await ticketRow(ID.ticketB)).toEqual(before);
        expect(await peek('b', 'select public.support_unread_count() as n')).toEqual(unread);
        expect(await peek('admin', 'select public.support_waiting_count() as n')).toEqual([{ n: 2 }]);
      });
    });
  });

  describe('suporte: mensagens e o ticket', () => {
    it('a resposta da equipe vira response_content, tira o ticket da espera e põe o ticket aberto Em Progresso', async () => {
      await inTransaction(async ({ keep }) => {
        const before = await ticketRow(ID.ticketB);
        expect(before).toMatchObject({ status: 'open' });
        expect(before.waiting_since).not.toBeNull();
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, '  Já verificamos o painel.  ')`, [ID.ticketB]);
        const after = await ticketRow(ID.ticketB);
        expect(after).toMatchObject({ status: 'in_progress', response_content: 'Já verificamos o painel.', waiting_since: null });
        expect(new Date(after.updated_at as string).getTime()).toBeGreaterThan(new Date(before.updated_at as string).getTime());
        expect(after.last_staff_reply_at).not.toBeNull();
      });
    });

    it('a resposta da equipe não muda um ticket resolvido nem um Em Progresso; uma nota interna não tira o ticket de Aberto', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'Só para a equipe', true)`, [ID.ticketB]);
        expect((await ticketRow(ID.ticketB)).status).toBe('open');
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketB]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Mais um detalhe.')`, [ID.ticketB]);
        expect((await ticketRow(ID.ticketB)).status).toBe('resolved');
        await keep('admin', `update public.support_tickets set status = 'in_progress' where id = $1`, [ID.ticketB]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Seguimos.')`, [ID.ticketB]);
        expect((await ticketRow(ID.ticketB)).status).toBe('in_progress');
      });
    });

    it('o cliente que reabre um ticket resolvido aparece na Atividade Recente (ticket_reopened, com o cliente como autor)', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketB]);
        const [{ last }] = await keep('admin', 'select coalesce(max(id), 0) as last from public.activity_log');
        await keep('b', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Voltou o erro.')`, [ID.ticketB]);
        expect(await keep('admin', 'select kind, subject_id, actor_id from public.activity_log where id > $1 order by id', [last])).toEqual([
          { kind: 'ticket_reopened', subject_id: ID.ticketB, actor_id: ID.userB },
        ]);
      });
    });

    it('a mensagem do cliente move o ticket, o põe em espera e reabre um ticket resolvido', async () => {
      await inTransaction(async ({ keep, peek }) => {
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketA]);
        const [message] = await keep('a', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Voltou a falhar.') returning created_at`, [ID.ticketA]);
        const after = await ticketRow(ID.ticketA);
        expect(after.status).toBe('open');
        expect(after.waiting_since).toEqual(message.created_at);
        expect(after.response_content).toBe('Clique em Exportar no topo do relatório.');
        expect(await peek('admin', 'select public.support_waiting_count() as n')).toEqual([{ n: 2 }]);
      });
    });

    it('o autor é sempre quem envia; o texto é guardado aparado, de 1 a 10.000 caracteres', async () => {
      const [row] = await run('a', `insert into public.ticket_messages (ticket_id, author_id, body) values ($1, $2, E'\\n  Olá 👋 مرحبا \\u00a0') returning author_id, body, internal`, [ID.ticketA, ID.admin]);
      expect(row).toEqual({ author_id: ID.userA, body: 'Olá 👋 مرحبا', internal: false });
      const blank = await refusal('a', `insert into public.ticket_messages (ticket_id, body) values ($1, E' \\n\\t\\u200b ')`, [ID.ticketA]);
      expect(blank).toMatchObject({ code: '23514', message: 'A mensagem não pode ficar em branco.' });
      const long = await refusal('a', `insert into public.ticket_messages (ticket_id, body) values ($1, repeat('x', 10001))`, [ID.ticketA]);
      expect(long).toMatchObject({ code: '23514', message: 'A mensagem pode ter no máximo 10.000 caracteres.' });
      expect(await run('a', `insert into public.ticket_messages (ticket_id, body) values ($1, '  ' || repeat('😀', 10000) || '  ') returning id`, [ID.ticketA])).toHaveLength(1);
    });

    it('um cliente não escreve no ticket de outro, nem a admin em nome de outra pessoa', async () => {
      expect((await refusal('b', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Intruso')`, [ID.ticketA])).code).toBe('42501');
      const [row] = await run('admin', `insert into public.ticket_messages (ticket_id, author_id, body) values ($1, $2, 'Oi') returning author_id`, [ID.ticketA, ID.userA]);
      expect(row.author_id).toBe(ID.admin);
    });

    it('ninguém edita nem exclui mensagens, e o cliente não muda o status nem created_at', async () => {
      for (const who of ['a', 'admin'] as const) {
        expect((await refusal(who, `update public.ticket_messages set body = 'x' where id = $1`, [ID.msgFromA])).code).toBe('42501');
        expect((await refusal(who, 'delete from public.ticket_messages where id = $1', [ID.msgFromA])).code).toBe('42501');
      }
      expect((await refusal('a', `insert into public.ticket_messages (ticket_id, body, created_at) values ($1, 'x', '2000-01-01')`, [ID.ticketA])).code).toBe('42501');
    });

    it('um envio repetido com o mesmo id (upsert que ignora duplicata) guarda uma mensagem só', async () => {
      await inTransaction(async ({ keep }) => {
        const id = '70000000-0000-4000-8000-000000000001';
        const send = `insert into public.ticket_messages (id, ticket_id, body) values ($1, $2, 'Enviado duas vezes') on conflict (id) do nothing returning id`;
        expect(await keep('a', send, [id, ID.ticketA])).toHaveLength(1);
        const moved = (await ticketRow(ID.ticketA)).updated_at;
        expect(await keep('a', send, [id, ID.ticketA])).toEqual([]);
        expect((await getDb().query('select count(*)::int as n from public.ticket_messages where id = $1', [id])).rows).toEqual([{ n: 1 }]);
        expect((await ticketRow(ID.ticketA)).updated_at).toEqual(moved);
      });
    });

    it('a admin lê todos os tickets e mensagens, muda o status, mas não reescreve o assunto do cliente', async () => {
      expect((await run('admin', 'select id from public.support_tickets order by id')).map((r) => r.id)).toEqual([ID.ticketA, ID.ticketB]);
      expect(await run('admin', `update public.support_tickets set status = 'in_progress' where id = $1 returning status`, [ID.ticketB])).toEqual([{ status: 'in_progress' }]);
      const reword = await refusal('admin', `update public.support_tickets set subject = 'Outro' where id = $1`, [ID.ticketB]);
      expect(reword).toMatchObject({ code: '42501', message: 'Só quem abriu o ticket pode alterar o assunto e a mensagem.' });
    });
  });

  describe('suporte: Nova resposta, espera e status', () => {
    it('Nova resposta: conta os tickets com resposta da equipe mais nova que a última abertura; abrir zera', async () => {
      expect(await run('a', 'select public.support_unread_count() as n')).toEqual([{ n: 1 }]);
      expect(await run('b', 'select public.support_unread_count() as n')).toEqual([{ n: 0 }]);
      await inTransaction(async ({ keep, peek }) => {
        await keep('a', 'select public.mark_ticket_read($1)', [ID.ticketA]);
        expect(await peek('a', 'select public.support_unread_count() as n')).toEqual([{ n: 0 }]);
        // One transaction has one clock: the opening is moved a minute back so that the reply below comes after it.
        await getDb().query(`update public.support_ticket_reads set last_read_at = last_read_at - interval '1 minute'`);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Nova resposta da equipe')`, [ID.ticketA]);
        expect(await peek('a', 'select public.support_unread_count() as n')).toEqual([{ n: 1 }]);
        const [read] = await peek('a', 'select last_read_at from public.support_ticket_reads where ticket_id = $1', [ID.ticketA]);
        expect(read.last_read_at).not.toBeNull();
      });
    });

    it('marcar como lido só vale para um ticket que a pessoa pode ler', async () => {
      expect(await refusal('b', 'select public.mark_ticket_read($1)', [ID.ticketA])).toMatchObject({ code: 'PT404', message: 'Ticket não encontrado.' });
      expect(await refusal('a', 'select public.mark_ticket_read(gen_random_uuid())')).toMatchObject({ code: 'PT404' });
      expect(await run('admin', 'select public.mark_ticket_read($1) is not null as ok', [ID.ticketB])).toEqual([{ ok: true }]);
      expect((await refusal('anon', 'select public.mark_ticket_read($1)', [ID.ticketA])).code).toBe('42501');
    });

    it('aguardando: os dois tickets cuja última mensagem visível é do cliente', async () => {
      expect(await run('admin', 'select public.support_waiting_count() as n')).toEqual([{ n: 2 }]);
    });

    it('mudança de status com o updated_at visto: aplica; com um valor antigo, recusa com 409; id desconhecido, 404', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const [{ seen }] = (await getDb().query(`select to_json(updated_at) #>> '{}' as seen from public.support_tickets where id = $1`, [ID.ticketA])).rows;
        const [changed] = await keep('admin', 'select (public.set_ticket_status($1, $2, $3)).status', [ID.ticketA, 'resolved', seen]);
        expect(changed.status).toBe('resolved');
        const lost = await refused('admin', 'select public.set_ticket_status($1, $2, $3)', [ID.ticketA, 'in_progress', seen]);
        expect(lost.code).toBe('PT409');
        expect(lost.message).toContain('alterado por outra pessoa');
        expect((await ticketRow(ID.ticketA)).status).toBe('resolved');
      });
      expect((await refusal('admin', `select public.set_ticket_status(gen_random_uuid(), 'open', now())`)).code).toBe('PT404');
      expect(await refusal('admin', `select public.set_ticket_status($1, 'closed', now())`, [ID.ticketA])).toMatchObject({ code: '22023' });
    });
  });
}
