// The admin console in the database: sign-ups become agency clients, a user's own CRM contacts stay theirs, the
// activity log written by triggers, the figures, billing, analytics, team and users RPCs (admins only), the agency
// list search and the settings row. A suite over the rows of fixtures/people.sql, run on PGlite and on PostgreSQL 15
// alike. Every change is rolled back.
import { describe, expect, it } from 'vitest';
import type { Row, TestDb } from '../db.ts';
import { ID, type Who } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

const ADMIN_ONLY = [
  'select * from public.admin_dashboard_figures()',
  'select * from public.admin_billing()',
  `select * from public.admin_billing('all')`,
  'select * from public.admin_billing_totals()',
  'select * from public.admin_analytics_monthly()',
  'select * from public.admin_analytics_clients()',
  'select * from public.admin_analytics_projects()',
  'select * from public.admin_analytics_received()',
  'select * from public.admin_team()',
  'select * from public.admin_users()',
  'select * from public.admin_search_clients()',
  `select * from public.admin_search_clients('Ana')`,
  'select private.admin_users(0, 10)',
  'select private.search_agency_client_ids(null, null, null, 0, 10)',
];

/**
 * Inserts an auth user as the auth server does (the profile trigger follows), inside the open transaction: confirmed
 * (as an account made with confirmations off, or by the admin API with email_confirm), or pending its e-mail link.
 */
async function signUp(db: TestDb, id: string, email: string, fullName: string, appRole?: string, confirmed = true): Promise<void> {
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, '', case when $5 then now() end, $3, $4)`,
    [id, email, JSON.stringify({ provider: 'email', ...(appRole ? { role: appRole } : {}) }), JSON.stringify({ full_name: fullName }), confirmed],
  );
}

/** The update with which the auth server confirms an e-mail (its link was used). */
async function confirmEmail(db: TestDb, id: string): Promise<void> {
  await db.query(`update auth.users set email_confirmed_at = now(), confirmation_token = '' where id = $1`, [id]);
}

const numbers = (row: Row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null || typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? (v === null ? null : Number(v)) : v]));

export function describeAdminConsole(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);
  const figures = async (keep: (who: Who, sql: string) => Promise<Row[]>) =>
    numbers((await keep('admin', 'select * from public.admin_dashboard_figures()'))[0]);

  describe('clientes da agência: contas e leads', () => {
    it('um cadastro no portal vira cliente da agência (Lead, Site, sem dono) ligado à conta, e entra no log', async () => {
      await inTransaction(async ({ keep }) => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e1';
        await signUp(getDb(), id, 'nova@visitante.com.br', 'Nova Visitante');
        const rows = await keep('admin', 'select full_name, email, status, source, owner_user_id, account_user_id from public.clients where account_user_id = $1', [id]);
        expect(rows).toEqual([{ full_name: 'Nova Visitante', email: 'nova@visitante.com.br', status: 'lead', source: 'website', owner_user_id: null, account_user_id: id }]);
        const [log] = await keep('admin', 'select kind, label, actor_id from public.activity_log order by id desc limit 1');
        expect(log).toEqual({ kind: 'client_signed_up', label: 'Nova Visitante', actor_id: id });
      });
    });

    it('um cadastro não confirmado não liga o lead da agência, não entra no log nem em nenhuma lista; ao confirmar, sim', async () => {
      await inTransaction(async ({ keep }) => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e6';
        const logBefore = await keep('admin', 'select count(*)::int as n from public.activity_log');
        await signUp(getDb(), id, 'lead@agencia.com.br', 'Quem Tomou o Lead', undefined, false);
        expect((await getDb().query('select account_user_id from public.clients where id = $1', [ID.clientNoOwner])).rows).toEqual([{ account_user_id: null }]);
        expect((await getDb().query('select count(*)::int as n from public.clients where account_user_id = $1', [id])).rows).toEqual([{ n: 0 }]);
        expect(await keep('admin', 'select count(*)::int as n from public.activity_log')).toEqual(logBefore);
        expect(await keep('admin', `select id from public.admin_client_accounts('agencia')`)).toEqual([]);
        expect((await keep('admin', 'select id from public.admin_users(0, 1000)')).map((r) => r.id)).not.toContain(id);
        expect(await keep('admin', 'select id from public.profiles where id = $1', [id])).toEqual([]);
        expect(await keep('admin', 'select id from public.users_view_for_assignment where id = $1', [id])).toEqual([]);
        expect(await keep('admin', `select id from public.admin_search_clients('lead@agencia')`)).toEqual([{ id: ID.clientNoOwner }]);

        await confirmEmail(getDb(), id);
        expect((await getDb().query('select account_user_id from public.clients where id = $1', [ID.clientNoOwner])).rows).toEqual([{ account_user_id: id }]);
        const [log] = await keep('admin', 'select kind, label, subject_id, actor_id from public.activity_log order by id desc limit 1');
        // Linked, the agency's client takes the account's name, and the entry names it so.
        expect(log).toEqual({ kind: 'client_signed_up', label: 'Quem Tomou o Lead', subject_id: ID.clientNoOwner, actor_id: id });
        expect(await keep('admin', `select id from public.admin_client_accounts('agencia')`)).toEqual([{ id }]);
        expect((await keep('admin', 'select id from public.admin_users(0, 1000)')).map((r) => r.id)).toContain(id);
        expect(await keep('admin', 'select id from public.profiles where id = $1', [id])).toEqual([{ id }]);
        // A later confirmation-like update (a new e-mail confirmed) neither links again nor logs twice.
        await getDb().query(`update auth.users set email_confirmed_at = now() where id = $1`, [id]);
        expect(await keep('admin', `select count(*)::int as n from public.activity_log where kind = 'client_signed_up' and actor_id = $1`, [id])).toEqual([{ n: 1 }]);
      });
    });

    it('um cadastro sem lead, confirmado depois, ganha seu registro de cliente só na confirmação', async () => {
      await inTransaction(async ({ keep }) => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e7';
        await signUp(getDb(), id, 'pendente@visitante.com.br', 'Pessoa Pendente', undefined, false);
        expect(await keep('admin', `select id from public.admin_search_clients('pendente@visitante')`)).toEqual([]);
        await confirmEmail(getDb(), id);
        expect(await keep('admin', `select full_name, has_account from public.admin_search_clients('pendente@visitante')`)).toEqual([
          { full_name: 'Pessoa Pendente', has_account: true },
        ]);
      });
    });

    it('um lead da agência com o mesmo e-mail (sem diferenciar maiúsculas) é ligado em vez de duplicado, com o nome da conta', async () => {
      await inTransaction(async ({ keep }) => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e2';
        await signUp(getDb(), id, 'LEAD@agencia.com.br', 'Lead Que Voltou');
        expect(await keep('admin', 'select id, full_name from public.clients where account_user_id = $1', [id])).toEqual([
          { id: ID.clientNoOwner, full_name: 'Lead Que Voltou' },
        ]);
        expect(await keep('admin', `select count(*)::int as n from public.clients where lower(email) = 'lead@agencia.com.br'`)).toEqual([{ n: 1 }]);
      });
    });

    it('o contato de CRM de um cliente com o mesmo e-mail não é ligado nem lido', async () => {
      await inTransaction(async ({ keep }) => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e3';
        await signUp(getDb(), id, 'contato@ana.com.br', 'Contato Que Se Cadastrou');
        expect((await getDb().query('select account_user_id from public.clients where id = $1', [ID.clientA])).rows).toEqual([{ account_user_id: null }]);
        expect(await keep('admin', 'select count(*)::int as n from public.clients where account_user_id = $1 and owner_user_id is null', [id])).toEqual([{ n: 1 }]);
      });
    });

    it('uma conta da equipe (admin no cadastro) não vira cliente da agência', async () => {
      await inTransaction(async () => {
        const id = 'eeeeeeee-0000-4000-8000-0000000000e4';
        await signUp(getDb(), id, 'equipe@agencia.com.br', 'Nova Equipe', 'admin');
        expect((await getDb().query('select count(*)::int as n from public.clients where account_user_id = $1', [id])).rows).toEqual([{ n: 0 }]);
      });
    });

    it('só a admin (ou o banco) liga um cliente a uma conta, e só registros da agência', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const denied = await refused('a', 'update public.clients set account_user_id = $1 where id = $2', [ID.userA, ID.clientA]);
        expect(denied).toMatchObject({ code: '42501', message: 'Só a equipe da agência vincula um cliente a uma conta do portal.' });
        expect((await refused('a', `insert into public.clients (full_name, email, account_user_id) values ('X', 'x@x.com.br', $1)`, [ID.userB])).code).toBe('42501');
        expect((await refused('admin', 'update public.clients set account_user_id = $1 where id = $2', [ID.userA, ID.clientNoOwner])).code).toBe('23505');
        expect((await refused('admin', `insert into public.clients (full_name, email, owner_user_id, account_user_id) values ('X', 'x@x.com.br', $1, $1)`, [ID.admin])).code).toBe('23514');
        expect(await keep('admin', 'update public.clients set account_user_id = null where id = $1 returning id', [ID.agencyClientA])).toHaveLength(1);
        expect(await keep('admin', 'update public.clients set account_user_id = $1 where id = $2 returning id', [ID.userA, ID.clientNoOwner])).toHaveLength(1);
      });
    });

    it('a lista da agência (admin_search_clients) traz só clientes sem dono, com conta e gerente, buscando em todos', async () => {
      const rows = await run('admin', 'select id, has_account, account_manager_name from public.admin_search_clients() order by full_name');
      expect(rows).toEqual([
        { id: ID.agencyClientA, has_account: true, account_manager_name: null },
        { id: ID.agencyClientB, has_account: true, account_manager_name: null },
        { id: ID.clientNoOwner, has_account: false, account_manager_name: null },
      ]);
      expect((await run('admin', `select id from public.admin_search_clients('ana')`)).map((r) => r.id)).toEqual([ID.agencyClientA]);
      expect((await run('admin', `select id from public.admin_search_clients('contato')`))).toEqual([]);
      expect((await run('admin', `select id from public.admin_search_clients(null, 'lead', 'website')`)).map((r) => r.id).sort()).toEqual([ID.agencyClientA, ID.agencyClientB].sort());
      expect(await run('admin', 'select id from public.admin_search_clients(null, null, null, 1, 1)')).toHaveLength(1);
    });

    it('no detalhe do cliente, a admin lê os projetos e tickets da conta ligada com uma consulta cada', async () => {
      const [{ account_user_id: account }] = await run('admin', 'select account_user_id from public.clients where id = $1', [ID.agencyClientA]);
      expect(await run('admin', 'select id, status, progress from public.projects where user_id = $1', [account])).toEqual([{ id: ID.projectA, status: 'in-progress', progress: 40 }]);
      expect(await run('admin', 'select id, status from public.support_tickets where user_id = $1', [account])).toEqual([{ id: ID.ticketA, status: 'open' }]);
    });
  });

  describe('o nome de um cliente com conta é o nome da conta', () => {
    it('o cliente que muda o nome em Meu Perfil aparece e é encontrado com o nome novo na lista, no detalhe e no faturamento', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('a', `insert into public.projects (title, plan) values ('Essencial', 'essential')`);
        await keep('a', `update public.profiles set full_name = 'Ana Renomeada' where id = $1`, [ID.userA]);
        expect(await keep('admin', 'select full_name from public.clients where id = $1', [ID.agencyClientA])).toEqual([{ full_name: 'Ana Renomeada' }]);
        expect((await keep('admin', `select id from public.admin_search_clients('Renomeada')`)).map((r) => r.id)).toEqual([ID.agencyClientA]);
        expect(await keep('admin', `select id from public.admin_search_clients('Ana Cliente')`)).toEqual([]);
        expect((await keep('admin', 'select client_name from public.admin_billing()')).map((r) => r.client_name)).toEqual(['Ana Renomeada']);
      });
    });

    it('o nome mudado pelo auth server (metadados da conta) também chega ao cliente da agência', async () => {
      await inTransaction(async ({ keep }) => {
        await getDb().query(`update auth.users set raw_user_meta_data = '{"full_name":"Bruno Novo"}' where id = $1`, [ID.userB]);
        expect(await keep('admin', 'select full_name from public.clients where id = $1', [ID.agencyClientB])).toEqual([{ full_name: 'Bruno Novo' }]);
      });
    });

    it('uma conta sem nome deixa o nome do cliente como está', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('a', `update public.profiles set full_name = '' where id = $1`, [ID.userA]);
        expect(await keep('admin', 'select full_name from public.clients where id = $1', [ID.agencyClientA])).toEqual([{ full_name: 'Ana Cliente A' }]);
      });
    });

    it('um lead ligado a uma conta passa a ter o nome da conta', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('admin', 'update public.clients set account_user_id = null where id = $1', [ID.agencyClientA]);
        expect(await keep('admin', 'update public.clients set account_user_id = $1 where id = $2 returning full_name', [ID.userA, ID.clientNoOwner])).toEqual([
          { full_name: 'Ana Cliente A' },
        ]);
      });
    });

    it('a admin não dá a um cliente com conta um nome diferente do da conta (pt-BR), mas altera os outros campos', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const denied = await refused('admin', `update public.clients set full_name = 'Outro Nome' where id = $1`, [ID.agencyClientA]);
        expect(denied).toMatchObject({ code: '23514', message: 'O nome de um cliente com conta no portal é o nome da conta: o cliente o altera em Meu Perfil.' });
        expect(await keep('admin', `update public.clients set full_name = 'Ana Cliente A', company_name = 'Ana Ltda' where id = $1 returning company_name`, [ID.agencyClientA])).toEqual([
          { company_name: 'Ana Ltda' },
        ]);
        expect(await keep('admin', `update public.clients set full_name = 'Lead Renomeado' where id = $1 returning full_name`, [ID.clientNoOwner])).toEqual([
          { full_name: 'Lead Renomeado' },
        ]);
      });
    });
  });

  describe('o cliente não lê nada do console', () => {
    for (const who of ['a', 'b'] as const) {
      it(`${who === 'a' ? 'a cliente A' : 'o cliente B'}: cada RPC do console responde 42501 sem revelar nada`, async () => {
        for (const sql of ADMIN_ONLY) {
          const { code, message } = await refusal(who, sql);
          expect(code, sql).toBe('42501');
          expect(message, sql).not.toMatch(/Ana|Bruno|Lead da/);
        }
      });

      it(`${who === 'a' ? 'a cliente A' : 'o cliente B'}: o log e as contagens não aparecem por select, count, json ou RPC`, async () => {
        expect(await run(who, 'select * from public.activity_log')).toEqual([]);
        expect(await run(who, 'select count(*)::int as n from public.activity_log')).toEqual([{ n: 0 }]);
        expect(await run(who, `select * from public.activity_log where kind = 'client_signed_up' or true`)).toEqual([]);
        expect(await run(who, 'select * from private.admin_tallies')).toEqual([]);
        expect((await refusal(who, `select private.log_activity('client_added', gen_random_uuid(), 'Falso')`)).code).toBe('42501');
      });
    }

    it('o visitante anônimo não executa nenhuma RPC do console', async () => {
      for (const sql of ADMIN_ONLY) expect((await refusal('anon', sql)).code, sql).toBe('42501');
    });
  });

  describe('log de atividade: escrito pelo banco', () => {
    it('projeto criado, com status mudado e com atualização; ticket aberto, respondido e resolvido; cliente adicionado pela agência', async () => {
      await inTransaction(async ({ keep }) => {
        const start = (await getDb().query('select coalesce(max(id), 0) as id from public.activity_log')).rows[0].id;
        const [{ id: project }] = await keep('a', `insert into public.projects (title, plan) values ('Chatbot da Ana', 'advanced') returning id`);
        await keep('admin', `update public.projects set status = 'in-progress', progress = 10 where id = $1`, [project]);
        await keep('admin', `update public.projects set progress = 20 where id = $1`, [project]);
        await keep('admin', `insert into public.project_updates (project_id, content) values ($1, 'Começamos')`, [project]);
        const [{ id: ticket }] = await keep('b', `insert into public.support_tickets (subject, message_content) values ('Erro no painel', 'Socorro') returning id`);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'Nota só da equipe', true)`, [ticket]);
        await keep('b', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Alguém?')`, [ticket]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Resolvido!')`, [ticket]);
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ticket]);
        const [{ id: lead }] = await keep('admin', `insert into public.clients (full_name, email) values ('Lead da Feira', 'feira@empresa.com.br') returning id`);
        await keep('a', `insert into public.clients (full_name, email) values ('Contato Privado', 'privado@ana.com.br')`);
        const log = await keep('admin', 'select kind, subject_id, label, detail, actor_id from public.activity_log where id > $1 order by id', [start]);
        expect(log).toEqual([
          { kind: 'project_created', subject_id: project, label: 'Chatbot da Ana', detail: null, actor_id: ID.userA },
          { kind: 'project_status_changed', subject_id: project, label: 'Chatbot da Ana', detail: 'in-progress', actor_id: ID.admin },
          { kind: 'project_update_posted', subject_id: project, label: 'Chatbot da Ana', detail: null, actor_id: ID.admin },
          { kind: 'ticket_opened', subject_id: ticket, label: 'Erro no painel', detail: null, actor_id: ID.userB },
          { kind: 'ticket_answered', subject_id: ticket, label: 'Erro no painel', detail: null, actor_id: ID.admin },
          { kind: 'ticket_resolved', subject_id: ticket, label: 'Erro no painel', detail: null, actor_id: ID.admin },
          { kind: 'client_added', subject_id: lead, label: 'Lead da Feira', detail: null, actor_id: ID.admin },
        ]);
      });
    });
  });

  describe('números do console', () => {
    it('os cartões do painel mudam quando um projeto é criado, precificado, avançado e um ticket resolvido', async () => {
      await inTransaction(async ({ keep }) => {
        expect(await figures(keep)).toEqual({ total_clients: 3, active_projects: 1, monthly_revenue: 0, open_tickets: 2 });
        const [{ id }] = await keep('b', `insert into public.projects (title, plan) values ('Automação', 'premium') returning id`);
        expect(await figures(keep)).toEqual({ total_clients: 3, active_projects: 1, monthly_revenue: 0, open_tickets: 2 });
        await keep('admin', `update public.projects set status = 'in-progress' where id = $1`, [id]);
        expect(await figures(keep)).toEqual({ total_clients: 3, active_projects: 2, monthly_revenue: 1999, open_tickets: 2 });
        await keep('admin', `update public.projects set monthly_price = 1500.5 where id = $1`, [id]);
        expect((await figures(keep)).monthly_revenue).toBe(1500.5);
        await keep('admin', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketA]);
        await keep('admin', `insert into public.clients (full_name, email) values ('Lead', 'l@empresa.com.br')`);
        await keep('a', `insert into public.clients (full_name, email) values ('Contato', 'c@empresa.com.br')`);
        expect(await figures(keep)).toEqual({ total_clients: 4, active_projects: 2, monthly_revenue: 1500.5, open_tickets: 1 });
        await keep('admin', 'delete from public.projects where id = $1', [id]);
        expect(await figures(keep)).toEqual({ total_clients: 4, active_projects: 1, monthly_revenue: 0, open_tickets: 1 });
      });
    });

    it('faturamento: uma linha por projeto de plano (pendentes e em andamento por padrão, ou todos) e totais por plano', async () => {
      await inTransaction(async ({ keep, refused }) => {
        await keep('a', `insert into public.projects (title, plan) values ('Essencial', 'essential')`);
        const [{ id }] = await keep('admin', `insert into public.projects (user_id, title, plan, monthly_price, status) values ($1, 'Corporativo', 'enterprise', 9000, 'completed') returning id`, [ID.userB]);
        const active = await keep('admin', 'select project_title, plan, status, client_name from public.admin_billing()');
        expect(active).toEqual([{ project_title: 'Essencial', plan: 'essential', status: 'pending', client_name: 'Ana Cliente A' }]);
        expect((await keep('admin', `select project_id from public.admin_billing('all')`)).map((r) => r.project_id)).toContain(id);
        const totals = (await keep('admin', `select * from public.admin_billing_totals('all')`)).map(numbers);
        expect(totals).toEqual([
          { plan: 'advanced', projects: 0, monthly_total: 0 },
          { plan: 'enterprise', projects: 1, monthly_total: 9000 },
          { plan: 'essential', projects: 1, monthly_total: 499 },
          { plan: 'premium', projects: 0, monthly_total: 0 },
          { plan: null, projects: 2, monthly_total: 9499 },
        ]);
        expect((await keep('admin', 'select * from public.admin_billing_totals() where plan is null')).map(numbers)).toEqual([{ plan: null, projects: 1, monthly_total: 499 }]);
        expect((await refused('admin', `select * from public.admin_billing('tudo')`)).code).toBe('22023');
      });
    });

    it('análises: 12 meses com zeros, clientes por status e origem, projetos por status e plano, receita por plano', async () => {
      await inTransaction(async ({ keep }) => {
        await getDb().query(`update public.projects set plan = 'advanced', monthly_price = 999 where id = $1`, [ID.projectA]);
        const months = (await keep('admin', 'select * from public.admin_analytics_monthly()')).map(numbers);
        expect(months).toHaveLength(12);
        expect(months.slice(0, 11).every((m) => m.new_clients === 0 && m.new_projects === 0 && m.new_tickets === 0)).toBe(true);
        expect(months[11]).toMatchObject({ new_clients: 3, new_projects: 3, new_tickets: 2 });
        const clients = await keep('admin', 'select dimension, key, count::int from public.admin_analytics_clients() where count > 0');
        expect(clients).toEqual([
          { dimension: 'status', key: 'lead', count: 3 },
          { dimension: 'source', key: 'website', count: 2 },
          { dimension: 'source', key: '', count: 1 },
        ]);
        const projects = (await keep('admin', 'select * from public.admin_analytics_projects()')).map(numbers);
        expect(projects.find((p) => p.key === 'in-progress')).toEqual({ dimension: 'status', key: 'in-progress', count: 1, average_progress: 40, monthly_revenue: 999 });
        expect(projects.find((p) => p.key === 'advanced')).toEqual({ dimension: 'plan', key: 'advanced', count: 1, average_progress: 40, monthly_revenue: 999 });
        expect(projects.filter((p) => p.dimension === 'plan').map((p) => p.key)).toEqual(['essential', 'advanced', 'premium', 'enterprise', '']);
      });
    });

    it('as contagens mantidas por gatilho batem com uma contagem direta depois de inserir, alterar e excluir em lote', async () => {
      await inTransaction(async ({ keep }) => {
        const db = getDb();
        await db.query(`insert into public.clients (full_name, email, status, source) select 'Lote ' || g, 'lote' || g || '@x.com.br', (array['lead','active','lost'])[1 + g % 3], (array['event', null])[1 + g % 2] from generate_series(1, 30) g`);
        await db.query(`insert into public.projects (user_id, title, status, plan, progress) select $1, 'P' || g, (array['pending','in-progress','completed'])[1 + g % 3], (array['essential','premium', null])[1 + g % 3], g from generate_series(1, 30) g`, [ID.userB]);
        await db.query(`update public.projects set status = 'in-progress' where title like 'P1%'`);
        await db.query(`delete from public.clients where full_name in ('Lote 2', 'Lote 3')`);
        await db.query(`update public.support_tickets set status = 'in_progress'`);
        const [tallied] = await keep('admin', 'select * from public.admin_dashboard_figures()');
        const { rows: [truth] } = await db.query(`select
          (select count(*) from public.clients where owner_user_id is null) as total_clients,
          (select count(*) from public.projects where status = 'in-progress') as active_projects,
          (select coalesce(sum(monthly_price), 0) from public.projects where status = 'in-progress') as monthly_revenue,
          (select count(*) from public.support_tickets where status in ('open', 'in_progress')) as open_tickets`);
        expect(numbers(tallied)).toEqual(numbers(truth));
      });
    });
  });

  describe('equipe, usuários e configurações', () => {
    it('a equipe: cada admin com tarefas abertas atribuídas e tickets respondidos em 30 dias', async () => {
      expect((await run('admin', 'select * from public.admin_team()')).map(numbers)).toEqual([
        { id: ID.admin, full_name: 'Diana Admin', email: 'diana@agencia.com.br', open_tasks: 1, tickets_answered_30d: 1 },
      ]);
    });

    it('tickets respondidos em 30 dias: cada ticket uma vez, só respostas visíveis da equipe, e some quando o ticket é excluído', async () => {
      await inTransaction(async ({ keep }) => {
        const answered = async () => Number((await keep('admin', 'select tickets_answered_30d as n from public.admin_team() where id = $1', [ID.admin]))[0].n);
        expect(await answered()).toBe(1);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'Olá, Bruno')`, [ID.ticketB]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body) values ($1, 'De novo')`, [ID.ticketB]);
        await keep('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, 'Nota', true)`, [ID.ticketA]);
        expect(await answered()).toBe(2);
        const [{ id: old }] = await keep('b', `insert into public.support_tickets (subject, message_content) values ('Antigo', 'Antigo') returning id`);
        await getDb().query(`insert into public.ticket_messages (ticket_id, author_id, body, created_at) values ($1, $2, 'Resposta antiga', now() - interval '40 days')`, [old, ID.admin]);
        expect(await answered()).toBe(2);
        await getDb().query('delete from public.support_tickets where id = $1', [ID.ticketB]);
        expect(await answered()).toBe(1);
      });
    });

    it('usuários: contas com nome, e-mail e papel (admin ou user)', async () => {
      const rows = await run('admin', 'select email, role from public.admin_users() order by email');
      expect(rows).toEqual([
        { email: 'ana@cliente-a.com.br', role: 'user' },
        { email: 'bruno@cliente-b.com.br', role: 'user' },
        { email: 'diana@agencia.com.br', role: 'admin' },
      ]);
    });

    it('configurações: todos leem; só a admin grava, com https no logo e e-mail válido (erros em pt-BR)', async () => {
      expect(await run('a', 'select app_name, logo_url, admin_email from public.app_settings')).toEqual([
        { app_name: 'Portal IA', logo_url: null, admin_email: 'admin@exemplo.com.br' },
      ]);
      expect(await run('a', `update public.app_settings set app_name = 'Hack' returning id`)).toEqual([]);
      const save = `update public.app_settings set app_name = $1, logo_url = $2, admin_email = $3 returning app_name, logo_url, admin_email`;
      expect(await run('admin', save, ['  Agência Aurora ', 'https://cdn.aurora.com.br/logo.png', ' Contato@Aurora.com.br'])).toEqual([
        { app_name: 'Agência Aurora', logo_url: 'https://cdn.aurora.com.br/logo.png', admin_email: 'contato@aurora.com.br' },
      ]);
      expect(await run('admin', save, ['Aurora', '', 'a@aurora.com.br'])).toEqual([{ app_name: 'Aurora', logo_url: null, admin_email: 'a@aurora.com.br' }]);
      for (const [args, message] of [
        [['Aurora', 'http://aurora.com.br/logo.png', 'a@aurora.com.br'], 'A URL do logo deve começar com https://.'],
        [['Aurora', 'javascript:alert(1)', 'a@aurora.com.br'], 'A URL do logo deve começar com https://.'],
        [['Aurora', null, 'não é e-mail'], 'Informe um e-mail válido para o administrador principal.'],
        [['   ', null, 'a@aurora.com.br'], 'O nome da aplicação é obrigatório.'],
      ] as const) {
        expect(await refusal('admin', save, [...args])).toMatchObject({ code: '23514', message });
      }
    });

    it('configurações: o visitante anônimo lê só o nome da agência e o e-mail de contato; o e-mail de contato é validado e só a admin o grava', async () => {
      expect(await run('anon', 'select app_name, contact_email from public.app_settings')).toEqual([
        { app_name: 'Portal IA', contact_email: 'contato@portalia.com.br' },
      ]);
      for (const column of ['admin_email', 'logo_url', 'updated_at', '*']) {
        expect(await refusal('anon', `select ${column} from public.app_settings`)).toMatchObject({ code: '42501' });
      }
      expect(await refusal('anon', `update public.app_settings set contact_email = 'x@y.com.br'`)).toMatchObject({ code: '42501' });
      expect(await run('a', `update public.app_settings set contact_email = 'x@y.com.br' returning id`)).toEqual([]);
      const save = 'update public.app_settings set contact_email = $1 returning contact_email';
      expect(await run('admin', save, ['  Fale@Aurora.com.br '])).toEqual([{ contact_email: 'fale@aurora.com.br' }]);
      for (const bad of ['não é e-mail', 'a@b', '', 'x@exemplo..com']) {
        expect(await refusal('admin', save, [bad])).toMatchObject({ code: '23514', message: 'Informe um e-mail de contato válido.' });
      }
    });
  });
}
