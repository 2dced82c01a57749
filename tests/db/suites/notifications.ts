// Notifications: who gets what when something happens (written by triggers only), who may read and mark them, the
// e-mail preferences, the e-mail batches of the service role (claim, complete, release, the 5-minute window, opt-out)
// and the 90-day purge. A suite over fixtures/people.sql, on PGlite and PostgreSQL 15 alike; every test rolls back.
import { describe, expect, it } from 'vitest';
import type { Row, TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';
import { byRecipient, notificationRows } from './notification-rows.ts';

export function describeNotifications(getDb: () => TestDb): void {
  const { inTransaction } = actorHelpers(getDb);

  /** Statements as the service role (what the e-mail function's RPCs run as), kept until the test's rollback. */
  async function asService(sql: string, params?: unknown[]): Promise<Row[]> {
    const db = getDb();
    await db.query(`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    try {
      return (await db.query(sql, params)).rows;
    } finally {
      await db.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`);
    }
  }
  const { all, fresh } = notificationRows(getDb);

  describe('notificações (gravadas pelo banco, lidas pelo destinatário)', () => {
    it('resposta da equipe avisa o cliente do ticket; nota interna não avisa ninguém; mensagem do cliente avisa os admins', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'Só para a equipe: cliente difícil', true)`, [ID.ticketA]);
        expect(await all()).toEqual([]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, '  Já   corrigimos o relatório. ')`, [ID.ticketA]);
        expect(await all()).toEqual([
          {
            user_id: ID.userA,
            kind: 'ticket_reply',
            title: 'Nova resposta no ticket "Dúvida da Ana"',
            body: 'Diana Admin: Já corrigimos o relatório.',
            link: `/support/${ID.ticketA}`,
          },
        ]);
        await fresh();
        await keep('a', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Obrigada!')`, [ID.ticketA]);
        expect(await all()).toEqual([
          {
            user_id: ID.admin,
            kind: 'ticket_message',
            title: 'Nova mensagem no ticket "Dúvida da Ana"',
            body: 'Ana Cliente A: Obrigada!',
            link: `/admin/support/${ID.ticketA}`,
          },
        ]);
      });
    });

    it('um ticket novo avisa cada admin, com o assunto e o começo da mensagem', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        const [t] = await keep('b', `insert into public.support_tickets (subject, message_content) values ('Erro no login', 'Não consigo entrar desde ontem.') returning id`);
        expect(await all()).toEqual([
          {
            user_id: ID.admin,
            kind: 'ticket_opened',
            title: 'Novo ticket: "Erro no login"',
            body: 'Bruno Cliente B: Não consigo entrar desde ontem.',
            link: `/admin/support/${t!.id}`,
          },
        ]);
      });
    });

    it('status e progresso mudados pela equipe avisam o dono do projeto', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        await keep('admin', `update public.projects set progress = 70 where id = $1`, [ID.projectA]);
        await keep('admin', `update public.projects set status = 'completed', progress = 100 where id = $1`, [ID.projectA]);
        await keep('admin', `update public.projects set title = 'Renomeado' where id = $1`, [ID.projectA]);
        expect(await all()).toEqual([
          { user_id: ID.userA, kind: 'project_progress', title: 'Projeto "Projeto da Ana" em andamento: 70 %', body: 'Progresso: 40 % → 70 %.', link: `/projects/${ID.projectA}` },
          { user_id: ID.userA, kind: 'project_status', title: 'Projeto "Projeto da Ana" concluído', body: 'Status: em andamento → concluído.', link: `/projects/${ID.projectA}` },
        ]);
      });
    });

    it('atualização postada: da equipe avisa o dono; do cliente avisa os admins', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        await keep('admin', `insert into public.project_updates (project_id, content) values ($1, 'Protótipo entregue.')`, [ID.projectA]);
        await keep('a', `insert into public.project_updates (project_id, content) values ($1, 'Aprovado!')`, [ID.projectA]);
        expect(await all()).toEqual([
          { user_id: ID.userA, kind: 'project_update', title: 'Nova atualização no projeto "Projeto da Ana"', body: 'Diana Admin: Protótipo entregue.', link: `/projects/${ID.projectA}` },
          { user_id: ID.admin, kind: 'project_update', title: 'Nova atualização no projeto "Projeto da Ana"', body: 'Ana Cliente A: Aprovado!', link: `/admin/projects/${ID.projectA}` },
        ]);
      });
    });

    it('documento adicionado: pelo cliente avisa os admins; pela equipe (ou pelo serviço) avisa o dono', async () => {
      await inTransaction(async () => {
        await fresh();
        const doc = (id: string, name: string, by: string | null) =>
          getDb().query(
            `insert into public.project_documents (id, project_id, storage_path, name, mime_type, size_bytes, uploaded_by)
             values ($1::uuid, $2::uuid, $2::text || '/' || $1::text || '/' || $3::text, $3::text, 'application/pdf', 10, $4::uuid)`,
            [id, ID.projectA, name, by],
          );
        await doc('71000000-0000-4000-8000-00000000000a', 'contrato.pdf', ID.userA);
        await doc('71000000-0000-4000-8000-00000000000d', 'escopo.pdf', ID.admin);
        // Two statements may share PGlite's clock tick: who got what, in recipient order.
        expect(byRecipient(await all())).toEqual([
          { user_id: ID.userA, kind: 'project_document', title: 'Novo documento no projeto "Projeto da Ana"', body: 'Diana Admin adicionou "escopo.pdf".', link: `/projects/${ID.projectA}` },
          { user_id: ID.admin, kind: 'project_document', title: 'Novo documento no projeto "Projeto da Ana"', body: 'Ana Cliente A adicionou "contrato.pdf".', link: `/admin/projects/${ID.projectA}` },
        ]);
      });
    });

    it('tarefa atribuída avisa o responsável, ao criar e ao trocar, mas não quem atribui a si mesmo', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        await keep('a', `insert into public.tasks (title, assigned_to) values ('Minha tarefa', $1)`, [ID.userA]);
        expect(await all()).toEqual([]);
        await keep('admin', `insert into public.tasks (title, assigned_to, due_date) values ('Revisar textos', $1, '2026-12-05')`, [ID.userA]);
        await keep('a', `update public.tasks set assigned_to = $2 where id = $1`, [ID.taskA, ID.admin]);
        await keep('a', `update public.tasks set title = 'Tarefa da Ana (nova)' where id = $1`, [ID.taskA]);
        expect(await all()).toEqual([
          { user_id: ID.userA, kind: 'task_assigned', title: 'Tarefa atribuída a você: "Revisar textos"', body: 'Diana Admin atribuiu esta tarefa a você (prazo: 05/12/2026).', link: '/tasks' },
          { user_id: ID.admin, kind: 'task_assigned', title: 'Tarefa atribuída a você: "Tarefa da Ana"', body: 'Ana Cliente A atribuiu esta tarefa a você.', link: '/tasks' },
        ]);
      });
    });

    it('cada um lê só as próprias; marca como lida só read_at, com a hora do servidor; ninguém cria, reescreve ou apaga', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        await fresh();
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Resposta para a Ana')`, [ID.ticketA]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Resposta para o Bruno')`, [ID.ticketB]);
        const mine = await peek('a', `select id, title from public.notifications`);
        expect(mine.map((r) => r.title)).toEqual(['Nova resposta no ticket "Dúvida da Ana"']);
        expect(await peek('admin', `select id from public.notifications`)).toEqual([]);
        expect((await refused('anon', `select id from public.notifications`)).code).toBe('42501');
        const id = mine[0]!.id;
        // Another user's row is invisible to them: their update changes nothing.
        expect(await peek('b', `update public.notifications set read_at = now() where id = $1 returning id`, [id])).toEqual([]);
        const [read] = await keep('a', `update public.notifications set read_at = '2999-01-01' where id = $1 returning read_at`, [id]);
        expect(new Date(read!.read_at as string).getFullYear()).toBeLessThan(2999);
        const [again] = await keep('a', `update public.notifications set read_at = now() where id = $1 returning read_at`, [id]);
        expect(again!.read_at).toEqual(read!.read_at);
        expect((await refused('a', `update public.notifications set title = 'outro' where id = $1`, [id])).code).toBe('42501');
        expect((await refused('a', `update public.notifications set user_id = $2 where id = $1`, [id, ID.userB])).code).toBe('42501');
        expect((await refused('a', `insert into public.notifications (user_id, kind, title, link) values ($1, 'ticket_reply', 'falsa', '/support')`, [ID.userA])).code).toBe('42501');
        expect((await refused('a', `delete from public.notifications where id = $1`, [id])).code).toBe('42501');
        expect((await refused('admin', `select public.purge_notifications()`)).code).toBe('42501');
      });
    });

    it('preferência de e-mail: cada um cria e muda só a própria linha', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        await keep('a', `insert into public.notification_preferences (email_enabled) values (false)`);
        expect(await peek('a', `select user_id, email_enabled from public.notification_preferences`)).toEqual([{ user_id: ID.userA, email_enabled: false }]);
        expect(await peek('b', `select user_id from public.notification_preferences`)).toEqual([]);
        expect(await peek('b', `update public.notification_preferences set email_enabled = true returning user_id`)).toEqual([]);
        expect((await refused('b', `insert into public.notification_preferences (user_id, email_enabled) values ($1, true)`, [ID.userA])).code).toBe('42501');
        expect((await refused('a', `update public.notification_preferences set user_id = $1`, [ID.userB])).code).toBe('42501');
      });
    });

    it('e-mails: um lote por pessoa, concluído nunca volta, falha volta, janela de 5 minutos, quem desligou não recebe', async () => {
      await inTransaction(async ({ keep, refused }) => {
        await fresh();
        await getDb().query('delete from private.notification_outbox');
        expect((await refused('admin', `select * from public.claim_notification_emails()`)).code).toBe('42501');
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Primeira')`, [ID.ticketA]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Segunda')`, [ID.ticketA]);
        await keep('b', `insert into public.notification_preferences (email_enabled) values (false)`);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Para o Bruno')`, [ID.ticketB]);

        const claimed = await asService(`select * from public.claim_notification_emails()`);
        expect(claimed.map((c) => [c.user_id, c.email, c.full_name])).toEqual([[ID.userA, 'ana@cliente-a.com.br', 'Ana Cliente A']]);
        const items = claimed[0]!.notifications as { body: string }[];
        expect(items.map((n) => n.body)).toEqual(['Diana Admin: Primeira', 'Diana Admin: Segunda']);
        // Held by the claim: a second run at the same time gets nothing.
        expect(await asService(`select * from public.claim_notification_emails()`)).toEqual([]);
        // The send failed: released, the next run retries the same rows.
        await asService(`select public.release_notification_email($1)`, [claimed[0]!.claim_id]);
        const retry = await asService(`select * from public.claim_notification_emails()`);
        expect((retry[0]!.notifications as { id: string }[]).map((n) => n.id)).toEqual(items.map((n) => (n as unknown as { id: string }).id));
        expect(await asService(`select public.complete_notification_email($1) as n`, [retry[0]!.claim_id])).toEqual([{ n: 2 }]);
        expect(await asService(`select * from public.claim_notification_emails()`)).toEqual([]);

        // Within 5 minutes of the last e-mail, new events wait, then go out together.
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Terceira')`, [ID.ticketA]);
        await keep('admin', `insert into public.project_updates (project_id, content) values ($1, 'Quarta')`, [ID.projectA]);
        expect(await asService(`select * from public.claim_notification_emails()`)).toEqual([]);
        await getDb().query(`update private.notification_outbox set sent_at = sent_at - interval '5 minutes 1 second' where sent_at is not null`);
        const grouped = await asService(`select * from public.claim_notification_emails()`);
        expect((grouped[0]!.notifications as { body: string }[]).map((n) => n.body)).toEqual(['Diana Admin: Terceira', 'Diana Admin: Quarta']);

        // A claim that was never completed (the run died) is claimed again after 10 minutes.
        await getDb().query(`update private.notification_outbox set claimed_at = claimed_at - interval '11 minutes' where claim_id = $1`, [grouped[0]!.claim_id]);
        expect((await asService(`select * from public.claim_notification_emails()`)).map((c) => c.user_id)).toEqual([ID.userA]);

        // Bruno turned e-mails off: his notification was skipped, and turning them on later sends nothing old.
        await keep('b', `update public.notification_preferences set email_enabled = true`);
        expect(await asService(`select * from public.claim_notification_emails()`)).toEqual([]);
      });
    });

    it('notificações com mais de 90 dias são apagadas pela limpeza; a tabela está na publicação do Realtime', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Antiga')`, [ID.ticketA]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Recente')`, [ID.ticketA]);
        await getDb().query(`update public.notifications set created_at = now() - interval '91 days' where body like '%Antiga'`);
        expect(await asService(`select public.purge_notifications() as n`)).toEqual([{ n: 1 }]);
        expect((await all()).map((r) => r.body)).toEqual(['Diana Admin: Recente']);
        const { rows } = await getDb().query(
          `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'`,
        );
        expect(rows).toHaveLength(1);
      });
    });
  });
}
