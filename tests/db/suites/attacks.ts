// What a signed-in user (or an anonymous visitor) might try against the API, and what the database answers.
// A suite over the rows of fixtures/people.sql, run on PGlite and on PostgreSQL 15 alike.
import { describe, expect, it } from 'vitest';
import { asActor, asDbError, type Actor, type Row, type TestDb } from '../db.ts';
import { ACTORS, ID, type Who } from '../matrix.ts';

export function describeAttacks(getDb: () => TestDb): void {
  let db: TestDb;

  function current(): TestDb {
    db = getDb();
    return db;
  }

  const actorOf = (who: Who | Actor): Actor => (typeof who === 'string' ? ACTORS[who] : who);

  /** Rows the statement returns when run as `who` (rolled back afterwards). */
  async function run(who: Who | Actor, sql: string, params?: unknown[]): Promise<Row[]> {
    return asActor(current(), actorOf(who), async (q) => (await q(sql, params)).rows);
  }

  /** The database error the statement raises as `who` (fails the test when it succeeds). */
  async function refusal(who: Who | Actor, sql: string, params?: unknown[]): Promise<{ code: string; message: string }> {
    try {
      await run(who, sql, params);
    } catch (error) {
      return asDbError(error);
    }
    throw new Error(`esperava recusa, mas o banco aceitou: ${sql}`);
  }

  /** A row as the superuser sees it, to check that nothing changed. */
  async function rowOf(table: string, id: string): Promise<Row | undefined> {
    return (await current().query(`select * from public.${table} where id = $1`, [id])).rows[0];
  }

  describe('projetos', () => {
    it('um cliente não lê o projeto de outro cliente pelo id', async () => {
      expect(await run('b', 'select * from public.projects where id = $1', [ID.projectA])).toEqual([]);
    });

    it('um cliente não altera nem exclui o projeto de outro cliente pelo id, e o projeto fica intacto', async () => {
      const before = await rowOf('projects', ID.projectA);
      expect(await run('b', `update public.projects set title = 'Invadido', progress = 0 where id = $1 returning id`, [ID.projectA])).toEqual([]);
      expect(await run('b', 'delete from public.projects where id = $1 returning id', [ID.projectA])).toEqual([]);
      expect(await rowOf('projects', ID.projectA)).toEqual(before);
    });

    it('um cliente não passa o próprio projeto para outro dono (user_id)', async () => {
      const { code } = await refusal('a', 'update public.projects set user_id = $1 where id = $2', [ID.userB, ID.projectA]);
      expect(code).toBe('42501');
    });

    it('um cliente só cria projetos a partir de um plano, pendentes e em seu próprio nome', async () => {
      expect((await refusal('a', `insert into public.projects (title) values ('Meu projeto')`)).code).toBe('42501');
      expect((await refusal('a', `insert into public.projects (title, plan, user_id) values ('Projeto', 'essential', $1)`, [ID.userB])).code).toBe('42501');
      expect((await refusal('a', `insert into public.projects (title, plan, status) values ('Projeto', 'essential', 'in-progress')`)).code).toBe('42501');
    });

    it('o progresso fica entre 0 e 100 e o status só aceita os três valores', async () => {
      expect((await refusal('admin', 'update public.projects set progress = 101 where id = $1', [ID.projectA])).code).toBe('23514');
      expect((await refusal('admin', `update public.projects set status = 'cancelled' where id = $1`, [ID.projectA])).code).toBe('23514');
      const [row] = await run('admin', 'update public.projects set progress = null where id = $1 returning progress', [ID.projectA]);
      expect(row.progress).toBeNull();
    });
  });

  describe('tickets de suporte', () => {
    it('um cliente não abre um ticket já resolvido nem com resposta da equipe', async () => {
      const resolved = await refusal('a', `insert into public.support_tickets (subject, message_content, status) values ('A', 'B', 'resolved')`);
      expect(resolved.code).toBe('42501');
      const answered = await refusal('a', `insert into public.support_tickets (subject, message_content, response_content) values ('A', 'B', 'Resolvido!')`);
      expect(answered.code).toBe('42501');
    });

    it('um cliente não muda o status nem escreve a resposta do próprio ticket', async () => {
      expect((await refusal('a', `update public.support_tickets set status = 'resolved' where id = $1`, [ID.ticketA])).code).toBe('42501');
      expect((await refusal('a', `update public.support_tickets set response_content = 'ok' where id = $1`, [ID.ticketA])).code).toBe('42501');
      expect(await rowOf('support_tickets', ID.ticketA)).toMatchObject({ status: 'open', response_content: 'Clique em Exportar no topo do relatório.' });
    });

    it('um cliente não abre ticket em nome de outro nem passa o seu para outro', async () => {
      const other = await refusal('a', `insert into public.support_tickets (user_id, subject, message_content) values ($1, 'A', 'B')`, [ID.userB]);
      expect(other.code).toBe('42501');
      expect((await refusal('a', 'update public.support_tickets set user_id = $1 where id = $2', [ID.userB, ID.ticketA])).code).toBe('42501');
    });

    it('o ticket novo nasce aberto, no nome de quem abriu, como a tela envia', async () => {
      const [row] = await run(
        'a',
        `insert into public.support_tickets (user_id, subject, message_content, status) values ($1, 'Acesso', 'Não consigo entrar', 'open') returning *`,
        [ID.userA],
      );
      expect(row).toMatchObject({ user_id: ID.userA, status: 'open', response_content: null });
    });

    it('assunto e mensagem em branco são recusados', async () => {
      expect((await refusal('a', `insert into public.support_tickets (subject, message_content) values ('  ', 'B')`)).code).toBe('23514');
      expect((await refusal('a', `insert into public.support_tickets (subject, message_content) values ('A', '')`)).code).toBe('23514');
    });
  });

  describe('clientes do CRM', () => {
    it('um cliente que filtra pelos contatos de outro só recebe os seus', async () => {
      const crafted = [
        ['select id from public.clients where owner_user_id = $1', [ID.userB]],
        ['select id from public.clients where id = $1', [ID.clientB]],
        ['select id from public.clients where owner_user_id is null or owner_user_id <> $1', [ID.userA]],
        [`select id from public.clients where true or email ilike '%'`, []],
        [`select id from public.clients where full_name ilike '%Bruno%' or company_name ilike '%'`, []],
      ] as const;
      for (const [sql, params] of crafted) {
        const ids = (await run('a', sql, [...params])).map((r) => r.id);
        expect(ids.every((id) => id === ID.clientA), sql).toBe(true);
      }
      expect((await run('a', 'select id from public.clients')).map((r) => r.id)).toEqual([ID.clientA]);
    });

    it('um cliente que manda outro dono no insert cria o contato em seu próprio nome', async () => {
      const [row] = await run('a', `insert into public.clients (full_name, email, owner_user_id) values ('X', 'x@exemplo.com.br', $1) returning owner_user_id`, [ID.userB]);
      expect(row.owner_user_id).toBe(ID.userA);
      const [orphan] = await run('a', `insert into public.clients (full_name, email, owner_user_id) values ('Y', 'y@exemplo.com.br', null) returning owner_user_id`);
      expect(orphan.owner_user_id).toBe(ID.userA);
    });

    it('ninguém muda o dono de um contato, nem a admin', async () => {
      expect((await refusal('a', 'update public.clients set owner_user_id = $1 where id = $2', [ID.userB, ID.clientA])).code).toBe('42501');
      expect((await refusal('admin', 'update public.clients set owner_user_id = $1 where id = $2', [ID.userB, ID.clientA])).code).toBe('42501');
      expect((await rowOf('clients', ID.clientA))?.owner_user_id).toBe(ID.userA);
    });

    it('um cliente só indica a equipe (ou ninguém) como gerente de conta', async () => {
      const bad = await refusal('a', `insert into public.clients (full_name, email, account_manager_id) values ('X', 'x@exemplo.com.br', $1)`, [ID.userB]);
      expect(bad).toMatchObject({ code: '42501', message: 'Só é possível indicar alguém da equipe como gerente de conta.' });
      expect((await refusal('a', 'update public.clients set account_manager_id = $1 where id = $2', [ID.userB, ID.clientA])).code).toBe('42501');
      const [row] = await run('a', 'update public.clients set account_manager_id = $1 where id = $2 returning account_manager_id', [ID.admin, ID.clientA]);
      expect(row.account_manager_id).toBe(ID.admin);
    });

    it('o dono continua editando o contato cujo gerente o serviço escolheu fora da equipe', async () => {
      await current().query('update public.clients set account_manager_id = $1 where id = $2', [ID.userB, ID.clientA]);
      try {
        expect(await run('a', `update public.clients set status = 'active' where id = $1 returning account_manager_id`, [ID.clientA])).toEqual([
          { account_manager_id: ID.userB },
        ]);
      } finally {
        await current().query('update public.clients set account_manager_id = null where id = $1', [ID.clientA]);
      }
    });

    it('a admin lê e escreve só os clientes da agência (sem dono) e os próprios contatos, nunca os contatos de um cliente', async () => {
      const ids = (await run('admin', 'select id from public.clients order by id')).map((r) => r.id);
      expect(ids).toEqual([ID.clientNoOwner, ID.clientAdmin, ID.agencyClientA, ID.agencyClientB].sort());
      const [lead] = await run('admin', `insert into public.clients (full_name, email, status, source) values ('Lead', 'lead@empresa.com.br', 'lead', 'event') returning owner_user_id`);
      expect(lead.owner_user_id).toBeNull();
      const forB = await refusal('admin', `insert into public.clients (full_name, email, owner_user_id) values ('Para o B', 'b@empresa.com.br', $1)`, [ID.userB]);
      expect(forB.code).toBe('42501');
      expect(await run('admin', `update public.clients set status = 'active', account_manager_id = $1 where id = $2 returning id`, [ID.admin, ID.clientB])).toEqual([]);
      expect(await run('admin', 'delete from public.clients where id = $1 returning id', [ID.clientB])).toEqual([]);
      for (const sql of [
        'select id from public.clients where owner_user_id = $1',
        'select id from public.clients where id in (select id from public.clients where owner_user_id = $1) or true',
      ]) {
        expect((await run('admin', sql, [ID.userB])).map((r) => r.id), sql).not.toContain(ID.clientB);
      }
      expect((await rowOf('clients', ID.clientB))?.status).toBe('active');
    });

    it('o e-mail do contato precisa ser um endereço simples (sem esquema, sem ?, sem espaços)', async () => {
      for (const email of ['javascript:alert(1)', 'mailto:ana@exemplo.com', 'ana@exemplo.com?subject=oi', 'ana silva@exemplo.com', 'ana@exemplo', '<img src=x>@x.com', 'ana@exemplo.com\n']) {
        const { code } = await refusal('a', `insert into public.clients (full_name, email) values ('X', $1)`, [email]);
        expect(code, email).toBe('23514');
      }
      for (const email of ['maria.silva+crm@empresa.com.br', 'JOAO_O\'NEIL@Sub.Dominio.com']) {
        expect(await run('a', `insert into public.clients (full_name, email) values ('X', $1) returning id`, [email])).toHaveLength(1);
      }
    });

    it('nome até 120 caracteres, empresa até 160, telefone só com números, espaços e +()- (7 a 20)', async () => {
      const sql = `insert into public.clients (full_name, email, company_name, phone) values ($1, 'x@x.com', $2, $3) returning id`;
      const refused = [
        ['N'.repeat(121), null, null],
        ['X', 'E'.repeat(161), null],
        ...['123456', '1'.repeat(21), '11.9876.5432', 'javascript:alert(1)', '<b>1</b>'].map((phone) => ['X', null, phone]),
      ];
      for (const params of refused) expect((await refusal('a', sql, params)).code, String(params)).toBe('23514');
      expect(await run('a', sql, ['N'.repeat(120), 'E'.repeat(160), '+55 (11) 98765-4321'])).toHaveLength(1);
    });

    it('status e origem só aceitam os códigos do contrato', async () => {
      expect((await refusal('a', `insert into public.clients (full_name, email, status) values ('X', 'x@x.com', 'Ativo')`)).code).toBe('23514');
      expect((await refusal('a', `insert into public.clients (full_name, email, source) values ('X', 'x@x.com', 'tv')`)).code).toBe('23514');
    });
  });

  describe('tarefas', () => {
    it('created_by é sempre quem cria, mesmo que a requisição diga outro', async () => {
      const [row] = await run('a', `insert into public.tasks (title, created_by) values ('T', $1) returning created_by`, [ID.userB]);
      expect(row.created_by).toBe(ID.userA);
    });

    it('ninguém muda o criador de uma tarefa, nem a admin', async () => {
      expect((await refusal('a', 'update public.tasks set created_by = $1 where id = $2', [ID.userB, ID.taskA])).code).toBe('42501');
      expect((await refusal('admin', 'update public.tasks set created_by = $1 where id = $2', [ID.userA, ID.taskAdminToA])).code).toBe('42501');
    });

    it('um cliente só atribui tarefas a si mesmo ou à equipe, nunca a outro cliente', async () => {
      const toB = await refusal('a', `insert into public.tasks (title, assigned_to) values ('T', $1)`, [ID.userB]);
      expect(toB).toMatchObject({ code: '42501', message: 'Não é possível atribuir a tarefa a este usuário.' });
      expect((await refusal('a', 'update public.tasks set assigned_to = $1 where id = $2', [ID.userB, ID.taskA])).code).toBe('42501');
      expect(await run('a', `insert into public.tasks (title, assigned_to) values ('T', $1) returning id`, [ID.admin])).toHaveLength(1);
      expect(await run('a', `insert into public.tasks (title, assigned_to) values ('T', $1) returning id`, [ID.userA])).toHaveLength(1);
    });

    it('a admin atribui tarefas a qualquer pessoa', async () => {
      expect(await run('admin', `insert into public.tasks (title, assigned_to) values ('T', $1) returning id`, [ID.userB])).toHaveLength(1);
    });

    it('um cliente não liga a tarefa ao projeto de outro cliente', async () => {
      const { code } = await refusal('a', `insert into public.tasks (title, project_id) values ('T', $1)`, [ID.projectB]);
      expect(code).toBe('42501');
    });

    it('quem recebeu a tarefa a atualiza mesmo ligada a um projeto que não vê, mas não a exclui', async () => {
      const [row] = await run(
        'a',
        `update public.tasks set status = 'Em Andamento', project_id = $1, assigned_to = $2 where id = $3 returning status`,
        [ID.projectAdmin, ID.userA, ID.taskAdminToA],
      );
      expect(row.status).toBe('Em Andamento');
      expect(await run('a', 'delete from public.tasks where id = $1 returning id', [ID.taskAdminToA])).toEqual([]);
    });

    it('um cliente não lê, altera nem exclui a tarefa de outro', async () => {
      expect(await run('a', 'select id from public.tasks where id = $1', [ID.taskB])).toEqual([]);
      expect(await run('a', `update public.tasks set title = 'x' where id = $1 returning id`, [ID.taskB])).toEqual([]);
      expect(await run('a', 'delete from public.tasks where id = $1 returning id', [ID.taskB])).toEqual([]);
    });

    it('status e prioridade só aceitam os valores em pt-BR; título em branco é recusado', async () => {
      expect((await refusal('a', `insert into public.tasks (title, status) values ('T', 'Done')`)).code).toBe('23514');
      expect((await refusal('a', `insert into public.tasks (title, priority) values ('T', 'Alta demais')`)).code).toBe('23514');
      expect((await refusal('a', `insert into public.tasks (title) values ('   ')`)).code).toBe('23514');
      const [row] = await run('a', `insert into public.tasks (title) values ('T') returning status, priority`);
      expect(row).toEqual({ status: 'Pendente', priority: 'Média' });
    });
  });

  describe('papel de admin', () => {
    const selfProclaimed: Actor = { role: 'authenticated', sub: ID.userB, email: 'bruno@cliente-b.com.br', userMetadata: { role: 'admin' } };

    it('um usuário que se diz admin em user_metadata não ganha nada', async () => {
      expect(await run(selfProclaimed, 'select public.is_admin() as admin')).toEqual([{ admin: false }]);
      expect((await run(selfProclaimed, 'select id from public.clients')).map((r) => r.id)).toEqual([ID.clientB]);
      expect((await run(selfProclaimed, 'select id from public.users_view_for_assignment order by id')).map((r) => r.id)).toEqual([ID.userB, ID.admin].sort());
    });

    it('role admin gravado em raw_user_meta_data (updateUser) não torna ninguém equipe', async () => {
      current();
      await db.query('begin');
      try {
        await db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"role":"admin"}' where id = $1`, [ID.userB]);
        await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ role: 'authenticated', sub: ID.userA, app_metadata: {}, user_metadata: {} }),
        ]);
        const { rows } = await db.query('select id from public.users_view_for_assignment order by id');
        expect(rows.map((r) => r.id)).toEqual([ID.userA, ID.admin].sort());
      } finally {
        await db.query('rollback');
      }
    });

    it('a equipe é quem tem app_metadata.role = admin: o cliente a vê na lista de atribuição', async () => {
      expect((await run('a', 'select full_name from public.users_view_for_assignment order by full_name')).map((r) => r.full_name)).toEqual(['Ana Cliente A', 'Diana Admin']);
      expect((await run('admin', 'select full_name from public.users_view_for_assignment order by full_name')).map((r) => r.full_name)).toEqual(['Ana Cliente A', 'Bruno Cliente B', 'Diana Admin']);
    });
  });

  describe('visitante anônimo', () => {
    const relations = [
      'profiles', 'projects', 'support_tickets', 'clients', 'tasks', 'users_view_for_assignment',
      'ticket_messages', 'support_ticket_reads', 'project_updates',
    ];

    it('o visitante anônimo não lê nenhuma tabela, view ou contagem', async () => {
      for (const relation of relations) {
        expect((await refusal('anon', `select * from public.${relation}`)).code, relation).toBe('42501');
      }
      expect((await refusal('anon', 'select * from public.project_status_counts()')).code).toBe('42501');
      expect((await refusal('anon', 'select * from public.client_status_counts()')).code).toBe('42501');
    });

    it('o visitante anônimo não chama as funções internas nem lê auth.users', async () => {
      expect((await refusal('anon', 'select * from private.admin_user_ids()')).code).toBe('42501');
      expect((await refusal('anon', 'select * from auth.users')).code).toBe('42501');
      expect((await refusal('a', 'select * from auth.users')).code).toBe('42501');
      expect((await refusal('a', 'select private.sync_profile_from_auth_user()')).code).toBe('42501');
    });
  });

  describe('perfis', () => {
    it('um usuário muda o próprio nome e avatar, mas não o e-mail do perfil nem o perfil de outro', async () => {
      expect(await run('a', `update public.profiles set full_name = 'Ana Souza', avatar_url = 'https://exemplo.com/a.png' where id = $1 returning id`, [ID.userA])).toHaveLength(1);
      expect((await refusal('a', `update public.profiles set email = 'outra@exemplo.com' where id = $1`, [ID.userA])).code).toBe('42501');
      expect(await run('a', `update public.profiles set full_name = 'x' where id = $1 returning id`, [ID.admin])).toEqual([]);
    });

    it('o perfil acompanha auth.users: nome e e-mail novos aparecem no perfil', async () => {
      current();
      await db.query('begin');
      try {
        await db.query(
          `update auth.users set email = 'ana.nova@cliente-a.com.br', raw_user_meta_data = '{"full_name":"Ana Nova"}' where id = $1`,
          [ID.userA],
        );
        const { rows } = await db.query('select full_name, email from public.profiles where id = $1', [ID.userA]);
        expect(rows[0]).toEqual({ full_name: 'Ana Nova', email: 'ana.nova@cliente-a.com.br' });
      } finally {
        await db.query('rollback');
      }
    });
  });

  describe('updated_at e contagens', () => {
    it('updated_at avança a cada alteração e a atualização com o valor antigo não pega nada (concorrência otimista)', async () => {
      await asActor(current(), ACTORS.a, async (q) => {
        // As PostgREST sends it: ISO text with microseconds (a JS Date would drop them).
        const iso = `to_json(updated_at) #>> '{}'`;
        const [{ loaded }] = (await q(`select ${iso} as loaded from public.tasks where id = $1`, [ID.taskA])).rows;
        const first = await q(
          `update public.tasks set title = 'Primeira' where id = $1 and updated_at = $2 returning updated_at > $2::timestamptz as later`,
          [ID.taskA, loaded],
        );
        expect(first.rows).toEqual([{ later: true }]);
        const stale = await q(`update public.tasks set title = 'Segunda' where id = $1 and updated_at = $2 returning id`, [ID.taskA, loaded]);
        expect(stale.rows).toEqual([]);
        // The screens send updated_at themselves; the trigger's clock wins.
        const sent = await q(`update public.tasks set updated_at = '2000-01-01' where id = $1 returning updated_at`, [ID.taskA]);
        expect(new Date(sent.rows[0].updated_at as string).getFullYear()).toBeGreaterThan(2000);
      });
    });

    it('as contagens acompanham inserções, mudanças de status, trocas de dono e exclusões', async () => {
      const db = current();
      await db.query('begin');
      try {
        await db.query(
          `insert into public.projects (user_id, title, status) select $1, 'Lote ' || g, (array['pending', 'in-progress', 'completed'])[1 + g % 3]
           from generate_series(1, 30) g`,
          [ID.userA],
        );
        await db.query(
          `insert into public.clients (full_name, email, status, owner_user_id) select 'Lote ' || g, 'lote' || g || '@exemplo.com.br',
             (array['lead', 'prospect', 'active', 'on_hold', 'completed', 'lost'])[1 + g % 6], case when g % 4 = 0 then null else $1::uuid end
           from generate_series(1, 40) g`,
          [ID.userA],
        );
        // The agency moves and deletes projects (a client changes neither status nor a project past pending).
        await db.query(`update public.projects set status = 'completed' where title in ('Lote 1', 'Lote 2', 'Lote 3')`);
        await db.query(`delete from public.projects where title in ('Lote 4', 'Lote 5')`);
        await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ role: 'authenticated', sub: ID.userA, app_metadata: {} }),
        ]);
        await db.query(`update public.clients set status = 'lost' where full_name like 'Lote 1%'`);
        await db.query(`delete from public.clients where full_name in ('Lote 2', 'Lote 3', 'Lote 5')`);
        const counted = async (sql: string): Promise<Record<string, number>> =>
          Object.fromEntries((await db.query(sql)).rows.map((r) => [String(r.status), Number(r.count)]));
        const projectCounts = await counted('select status, count from public.project_status_counts()');
        const projectTruth = await counted('select status, count(*) as count from public.projects group by status');
        expect(projectCounts).toEqual({ pending: 0, 'in-progress': 0, completed: 0, ...projectTruth });
        const clientCounts = await counted('select status, count from public.client_status_counts()');
        const clientTruth = await counted('select status, count(*) as count from public.clients where owner_user_id = auth.uid() group by status');
        expect(clientCounts).toEqual({ lead: 0, prospect: 0, active: 0, on_hold: 0, completed: 0, lost: 0, ...clientTruth });
        // 30 of the lot have A as owner (every 4th has none), plus the fixture's one, minus the 3 deleted.
        expect(Object.values(clientCounts).reduce((a, b) => a + b, 0)).toBe(28);
      } finally {
        await db.query('rollback');
      }
    });

    it('as contagens por status vêm do banco e só contam o que é do usuário', async () => {
      expect(await run('a', 'select status, count from public.project_status_counts()')).toEqual([
        { status: 'pending', count: 0 },
        { status: 'in-progress', count: 1 },
        { status: 'completed', count: 0 },
      ]);
      expect(await run('admin', 'select status, count from public.client_status_counts()')).toEqual([
        { status: 'lead', count: 0 },
        { status: 'prospect', count: 1 },
        { status: 'active', count: 0 },
        { status: 'on_hold', count: 0 },
        { status: 'completed', count: 0 },
        { status: 'lost', count: 0 },
      ]);
    });
  });
}
