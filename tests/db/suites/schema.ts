// The schema matches the contract (src/lib/database.types.ts and the team brief) and the demo seed applies
// and holds what the screens demo. The seed runs in a transaction that is rolled back afterwards.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, MIGRATIONS_DIR, SEED_FILE, sqlFiles, type TestDb } from '../db.ts';

const ADMIN = 'eacf86b3-8a49-4929-acc6-7005d01c5ab2';
const CLIENT = 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d';

export function describeSchemaAndSeed(getDb: () => TestDb): void {
  let db: TestDb;

  describe('contrato do esquema', () => {
    beforeAll(() => {
      db = getDb();
    });

    it('os arquivos de migração se chamam YYYYMMDDHHmmss_descricao.sql, em ordem e sem repetir o horário', () => {
      const names = sqlFiles(MIGRATIONS_DIR).map((file) => basename(file));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
      const stamps = names.map((name) => name.slice(0, 14));
      expect(new Set(stamps).size).toBe(stamps.length);
    });

    it('as migrações criam as tabelas, a view e as funções do contrato', async () => {
      const relations = await db.query(
        `select c.relname, c.relkind from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v') order by 1`,
      );
      expect(relations.rows).toEqual([
        { relname: 'activity_log', relkind: 'r' },
        { relname: 'app_settings', relkind: 'r' },
        { relname: 'clients', relkind: 'r' },
        { relname: 'invoice_items', relkind: 'r' },
        { relname: 'invoices', relkind: 'r' },
        { relname: 'notification_preferences', relkind: 'r' },
        { relname: 'notifications', relkind: 'r' },
        { relname: 'pix_notifications', relkind: 'r' },
        { relname: 'profiles', relkind: 'r' },
        { relname: 'project_documents', relkind: 'r' },
        { relname: 'project_updates', relkind: 'r' },
        { relname: 'projects', relkind: 'r' },
        { relname: 'support_ticket_reads', relkind: 'r' },
        { relname: 'support_tickets', relkind: 'r' },
        { relname: 'tasks', relkind: 'r' },
        { relname: 'ticket_attachments', relkind: 'r' },
        { relname: 'ticket_messages', relkind: 'r' },
        { relname: 'users_view_for_assignment', relkind: 'v' },
      ]);
      const functions = await db.query(
        `select p.proname from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`,
      );
      expect(functions.rows.map((r) => r.proname)).toEqual([
        'admin_analytics_clients', 'admin_analytics_monthly', 'admin_analytics_projects', 'admin_analytics_received', 'admin_billing', 'admin_billing_totals',
        'admin_client_accounts', 'admin_dashboard_figures', 'admin_projects', 'admin_search_clients', 'admin_team', 'admin_users',
        'claim_notification_emails', 'client_status_counts', 'complete_notification_email', 'confirmation_link_state',
        'generate_monthly_invoices', 'invoice_totals', 'is_admin', 'mark_ticket_read', 'overdue', 'project_status_counts',
        'purge_notifications', 'record_dashboard_visit', 'record_pix_payment', 'release_notification_email', 'save_invoice',
        'search_clients', 'search_projects', 'search_tasks',
        'set_ticket_status', 'set_updated_at', 'support_inbox', 'support_unread_count', 'support_waiting_count',
      ]);
    });

    it('as chaves estrangeiras têm os nomes que os embeds das telas usam', async () => {
      const { rows } = await db.query(
        `select conname from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1`,
      );
      expect(rows.map((r) => r.conname)).toEqual([
        'activity_log_actor_id_fkey',
        'clients_account_manager_id_fkey',
        'clients_account_user_id_fkey',
        'clients_owner_user_id_fkey',
        'invoice_items_invoice_id_fkey',
        'invoices_created_by_fkey',
        'invoices_project_id_fkey',
        'invoices_user_id_fkey',
        'notification_preferences_user_id_fkey',
        'notifications_user_id_fkey',
        'pix_notifications_invoice_id_fkey',
        'profiles_id_fkey',
        'project_documents_project_id_fkey',
        'project_documents_uploaded_by_fkey',
        'project_updates_author_id_fkey',
        'project_updates_project_id_fkey',
        'projects_user_id_fkey',
        'support_ticket_reads_ticket_id_fkey',
        'support_ticket_reads_user_id_fkey',
        'support_tickets_project_id_fkey',
        'support_tickets_user_id_fkey',
        'tasks_assigned_to_fkey',
        'tasks_created_by_fkey',
        'tasks_project_id_fkey',
        'ticket_attachments_message_id_fkey',
        'ticket_attachments_ticket_id_fkey',
        'ticket_attachments_uploaded_by_fkey',
        'ticket_messages_author_id_fkey',
        'ticket_messages_ticket_id_fkey',
      ]);
    });
  });

  describe('seed de demonstração', () => {
    beforeAll(async () => {
      db = getDb();
      await db.query('begin');
      await db.exec(readFileSync(SEED_FILE, 'utf8'));
    });
    afterAll(async () => {
      await db.query('rollback');
    });

    it('o seed cria um perfil para cada usuário de demonstração, com o nome de user_metadata', async () => {
      const { rows } = await db.query('select id, full_name, email from public.profiles where id in ($1, $2) order by email', [ADMIN, CLIENT]);
      expect(rows).toEqual([
        { id: ADMIN, full_name: 'Super Administrador', email: 'admin@exemplo.com.br' },
        { id: CLIENT, full_name: 'Cliente Demonstração', email: 'cliente@exemplo.com.br' },
      ]);
    });

    it('as contas de demonstração estão confirmadas, com senhas bcrypt custo 10 e identidades de e-mail', async () => {
      const { rows } = await db.query(
        `select u.email, u.encrypted_password, u.email_confirmed_at is not null as confirmed, u.raw_app_meta_data,
                (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email') as identities
         from auth.users u where u.id in ($1, $2) order by u.email`,
        [ADMIN, CLIENT],
      );
      const [admin, client] = rows as { email: string; encrypted_password: string; confirmed: boolean; raw_app_meta_data: Record<string, unknown>; identities: number }[];
      expect(bcrypt.compareSync('admin123', admin.encrypted_password)).toBe(true);
      expect(bcrypt.compareSync('cliente123', client.encrypted_password)).toBe(true);
      expect(bcrypt.getRounds(admin.encrypted_password)).toBe(10);
      expect(bcrypt.getRounds(client.encrypted_password)).toBe(10);
      expect([admin.confirmed, client.confirmed]).toEqual([true, true]);
      expect(admin.raw_app_meta_data).toEqual({ provider: 'email', providers: ['email'], role: 'admin' });
      expect(client.raw_app_meta_data.role).toBeUndefined();
      expect([admin.identities, client.identities]).toEqual([1, 1]);
    });

    it('o cliente de demonstração tem projetos em todos os status, um sem progresso', async () => {
      const { rows } = await db.query(
        `select status, count(*)::int as n, count(*) filter (where progress is null)::int as sem_progresso
         from public.projects where user_id = $1 group by status order by status`,
        [CLIENT],
      );
      expect(rows.map((r) => r.status)).toEqual(['completed', 'in-progress', 'pending']);
      expect(rows.reduce((sum, r) => sum + Number(r.sem_progresso), 0)).toBeGreaterThanOrEqual(1);
    });

    it('o cliente de demonstração tem tickets em todos os status, um respondido', async () => {
      const { rows } = await db.query(
        `select status, response_content from public.support_tickets where user_id = $1 order by status`,
        [CLIENT],
      );
      expect([...new Set(rows.map((r) => r.status))]).toEqual(['in_progress', 'open', 'resolved']);
      expect(rows.filter((r) => r.response_content).length).toBeGreaterThanOrEqual(1);
    });

    it('as conversas de demonstração têm resposta da equipe, nota interna, e um ticket aguardando a agência de novo', async () => {
      const { rows } = await db.query(
        `select t.subject, t.status, t.response_content is not null as answered, t.waiting_since is not null as waiting,
                count(m.id) filter (where m.internal)::int as notes, count(m.id) filter (where not m.internal)::int as visible
         from public.support_tickets t left join public.ticket_messages m on m.ticket_id = t.id
         where t.user_id = $1 group by t.id order by t.created_at`,
        [CLIENT],
      );
      expect(rows).toEqual([
        { subject: 'Acesso ao relatório mensal', status: 'resolved', answered: true, waiting: false, notes: 1, visible: 1 },
        { subject: 'Novas perguntas para o chatbot', status: 'in_progress', answered: true, waiting: true, notes: 1, visible: 2 },
        { subject: 'Dúvida sobre a fatura', status: 'open', answered: false, waiting: true, notes: 0, visible: 0 },
      ]);
    });

    it('o chatbot de demonstração vem do plano Avançado (R$ 999) e tem atualizações da equipe e do cliente', async () => {
      const { rows } = await db.query(
        `select p.plan, p.monthly_price::float8 as price, count(u.id)::int as updates, count(distinct u.author_id)::int as authors
         from public.projects p join public.project_updates u on u.project_id = p.id
         where p.title = 'Chatbot de Atendimento no WhatsApp' group by p.id`,
      );
      expect(rows).toEqual([{ plan: 'advanced', price: 999, updates: 3, authors: 2 }]);
    });

    it('o CRM do cliente de demonstração tem todos os status e todas as origens; a admin vê também leads sem dono', async () => {
      const own = await db.query(
        `select array_agg(distinct status order by status) as statuses, array_agg(distinct source order by source) filter (where source is not null) as sources
         from public.clients where owner_user_id = $1`,
        [CLIENT],
      );
      expect(own.rows[0].statuses).toEqual(['active', 'completed', 'lead', 'lost', 'on_hold', 'prospect']);
      expect(own.rows[0].sources).toEqual(['event', 'other', 'outbound', 'referral', 'social_media', 'website']);
      const agency = await db.query(
        `select count(*) filter (where owner_user_id is null)::int as sem_dono,
                count(*) filter (where account_manager_id = $1)::int as geridos_pela_admin
         from public.clients`,
        [ADMIN],
      );
      expect(Number(agency.rows[0].sem_dono)).toBeGreaterThanOrEqual(2);
      expect(Number(agency.rows[0].geridos_pela_admin)).toBeGreaterThanOrEqual(2);
    });

    it('há tarefas criadas pelo cliente, atribuídas a ele, ambas, e uma criada pela admin para o cliente', async () => {
      const { rows } = await db.query(
        `select count(*) filter (where created_by = $1 and (assigned_to is distinct from $1))::int as criadas,
                count(*) filter (where assigned_to = $1 and created_by <> $1)::int as atribuidas,
                count(*) filter (where created_by = $1 and assigned_to = $1)::int as ambas,
                count(*) filter (where created_by = $2 and assigned_to = $1)::int as da_admin
         from public.tasks`,
        [CLIENT, ADMIN],
      );
      const counts = rows[0];
      for (const key of ['criadas', 'atribuidas', 'ambas', 'da_admin']) expect(Number(counts[key]), key).toBeGreaterThanOrEqual(1);
    });

    it('o cliente de demonstração vê pelas políticas os seus dados e a equipe', async () => {
      const client = { role: 'authenticated' as const, sub: CLIENT, email: 'cliente@exemplo.com.br' };
      const seen = await asActor(db, client, async (q) => ({
        projects: (await q('select count(*)::int as n from public.projects')).rows[0].n,
        people: (await q(`select email from public.users_view_for_assignment where email like '%@exemplo.com.br' order by email`)).rows.map((r) => r.email),
        counts: (await q('select status, count from public.project_status_counts()')).rows,
      }), 'nested');
      expect(seen.projects).toBe(5);
      expect(seen.people).toEqual(['admin@exemplo.com.br', 'cliente@exemplo.com.br']);
      expect(seen.counts).toEqual([
        { status: 'pending', count: 2 },
        { status: 'in-progress', count: 2 },
        { status: 'completed', count: 1 },
      ]);
    });
  });
}
