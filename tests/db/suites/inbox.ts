// The admins' support inbox (rpc support_inbox): the waiting view oldest first, every ticket by last activity, the
// status filter, the search by subject or client name/e-mail across every matching ticket, and keyset paging, also with
// more tickets than the search's first step reads. A suite over fixtures/people.sql, on PGlite and PostgreSQL 15 alike.
import { describe, expect, it } from 'vitest';
import type { Row, TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

export function describeInbox(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);
  // cursor: sort_at as PostgREST sends it (ISO text with microseconds; a JS Date would drop them).
  const inbox = (args = '') => `select *, to_json(sort_at) #>> '{}' as cursor from public.support_inbox(${args})`;
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  describe('caixa de entrada do suporte (rpc support_inbox, só a equipe)', () => {
    it('por padrão: os tickets aguardando resposta, o que espera há mais tempo primeiro, com nome e e-mail do cliente', async () => {
      const rows = await run('admin', inbox());
      expect(ids(rows)).toEqual([ID.ticketA, ID.ticketB]);
      expect(rows[0]).toMatchObject({ subject: 'Dúvida da Ana', status: 'open', user_id: ID.userA, client_name: 'Ana Cliente A', client_email: 'ana@cliente-a.com.br' });
      expect(rows[0].waiting_since).toEqual(rows[0].sort_at);
      expect(rows[0].last_activity_at).not.toBeNull();
    });

    it('quem recebeu resposta sai da espera; uma nota interna não tira ninguém da espera', async () => {
      await inTransaction(async ({ keep, peek }) => {
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'só nota', true)`, [ID.ticketB]);
        expect(ids(await peek('admin', inbox()))).toEqual([ID.ticketA, ID.ticketB]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Respondido')`, [ID.ticketA]);
        expect(ids(await peek('admin', inbox()))).toEqual([ID.ticketB]);
        expect(ids(await peek('admin', inbox('null, false')))).toEqual([ID.ticketA, ID.ticketB]);
      });
    });

    it('filtra por status, com e sem "Aguardando resposta"; um resolvido nunca aguarda', async () => {
      await inTransaction(async ({ keep, peek }) => {
        await keep('admin', `update public.support_tickets set status = 'in_progress' where id = $1`, [ID.ticketB]);
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketA]);
        expect(ids(await peek('admin', inbox(`'in_progress'`)))).toEqual([ID.ticketB]);
        expect(ids(await peek('admin', inbox(`'resolved', true`)))).toEqual([]);
        const resolved = await peek('admin', inbox(`'resolved', false`));
        expect(ids(resolved)).toEqual([ID.ticketA]);
        expect(resolved[0].waiting_since).toBeNull();
      });
    });

    it('busca no assunto e no nome ou e-mail do cliente, sem diferenciar maiúsculas, com % e _ como texto', async () => {
      expect(ids(await run('admin', inbox(`null, false, 'dúvida da ana'`)))).toEqual([ID.ticketA]);
      expect(ids(await run('admin', inbox(`null, false, 'BRUNO'`)))).toEqual([ID.ticketB]);
      expect(ids(await run('admin', inbox(`null, true, '@cliente-a.com'`)))).toEqual([ID.ticketA]);
      expect(ids(await run('admin', inbox(`null, false, '%'`)))).toEqual([]);
      expect(ids(await run('admin', inbox(`null, false, 'D_vida'`)))).toEqual([]);
      expect(ids(await run('admin', inbox(`null, false, '   '`)))).toEqual(ids(await run('admin', inbox('null, false'))));
    });

    it('pagina pela chave da última linha (sort_at, id)', async () => {
      const [first] = await run('admin', inbox('page_limit => 1'));
      expect(first.id).toBe(ID.ticketA);
      const next = await run('admin', inbox('after_at => $1, after_id => $2, page_limit => 1'), [first.cursor, first.id]);
      expect(ids(next)).toEqual([ID.ticketB]);
      expect(await run('admin', inbox('after_at => $1, after_id => $2'), [next[0].cursor, next[0].id])).toEqual([]);
    });

    it('com mais de mil tickets: acha um termo comum entre os primeiros e um raro e antigo (índices trigram)', async () => {
      await inTransaction(async ({ peek }) => {
        await getDb().query(
          `insert into public.support_tickets (user_id, subject, message_content, status, created_at, updated_at)
           select $1, case when g = 1 then 'Agulha no palheiro' else 'Lote ' || g end, 'Mensagem',
                  case when g % 3 = 0 then 'resolved' else 'open' end,
                  now() - interval '2 days' + make_interval(mins => g), now() - interval '2 days' + make_interval(mins => g)
           from generate_series(1, 1500) g`,
          [ID.userA],
        );
        const subjects = async (args: string) => (await peek('admin', inbox(args))).map((r) => r.subject);
        expect(await subjects(`null, true, 'lote', page_limit => 3`)).toEqual(['Lote 2', 'Lote 4', 'Lote 5']);
        expect(await subjects(`null, false, 'agulha'`)).toEqual(['Agulha no palheiro']);
        expect(await subjects(`null, true, 'agulha'`)).toEqual(['Agulha no palheiro']);
        expect(await subjects(`'resolved', false, 'agulha'`)).toEqual([]);
        expect(await subjects(`null, false, 'bruno'`)).toEqual(['Dúvida do Bruno']);
        expect(await subjects(`null, false, 'lote 149', page_limit => 20`)).toEqual(['Lote 1499', 'Lote 1498', 'Lote 1497', 'Lote 1496', 'Lote 1495', 'Lote 1494', 'Lote 1493', 'Lote 1492', 'Lote 1491', 'Lote 1490', 'Lote 149']);
        const count = await peek('admin', 'select public.support_waiting_count() as n');
        expect(count).toEqual([{ n: 2 + 1000 }]);
      });
    });

    it('um status desconhecido é recusado com uma mensagem clara; o cliente e o visitante não abrem a caixa', async () => {
      expect(await refusal('admin', inbox(`'closed'`))).toMatchObject({ code: '22023', message: 'Status de ticket inválido: closed.' });
      expect((await refusal('a', inbox())).code).toBe('42501');
      expect((await refusal('anon', inbox())).code).toBe('42501');
      expect((await refusal('anon', 'select public.support_waiting_count()')).code).toBe('42501');
    });
  });
}
