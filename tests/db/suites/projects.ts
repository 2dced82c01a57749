// Projects started from a plan (plan, monthly_price from the plan list), the admins' project management, the title
// rule, and the updates timeline (project_updates). A suite over the rows of fixtures/people.sql, run on PGlite and on
// PostgreSQL 15 alike. Every change is rolled back.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

export function describeProjects(getDb: () => TestDb): void {
  const { run, refusal, inTransaction } = actorHelpers(getDb);
  const create = (plan: string, price?: number | null) =>
    price === undefined
      ? `insert into public.projects (title, plan) values ('Plano', '${plan}') returning user_id, status, plan, monthly_price`
      : `insert into public.projects (title, plan, monthly_price) values ('Plano', '${plan}', ${price}) returning user_id, status, plan, monthly_price`;

  describe('projetos a partir de um plano', () => {
    it('o banco preenche o preço mensal pela lista de planos (Corporativo fica sem preço)', async () => {
      const prices = [];
      for (const plan of ['essential', 'advanced', 'premium', 'enterprise']) {
        const [row] = await run('a', create(plan));
        expect(row).toMatchObject({ user_id: ID.userA, status: 'pending', plan });
        prices.push(row.monthly_price === null ? null : Number(row.monthly_price));
      }
      expect(prices).toEqual([499, 999, 1999, null]);
    });

    it('um preço enviado pelo cliente só passa se for o da lista', async () => {
      expect(Number((await run('a', create('advanced', 999)))[0].monthly_price)).toBe(999);
      const cheaper = await refusal('a', create('advanced', 1));
      expect(cheaper).toMatchObject({ code: '22023', message: 'O preço mensal é definido pelo plano escolhido.' });
      expect((await refusal('a', create('enterprise', 100))).code).toBe('22023');
      expect((await refusal('a', create('gold'))).code).toBe('23514');
    });

    it('o cliente não muda plano nem preço depois, mas renomeia e descreve o projeto', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const [{ id }] = await keep('a', create('essential').replace('returning user_id', 'returning id, user_id'));
        for (const change of [`plan = 'premium'`, 'monthly_price = 0', `plan = 'premium', monthly_price = 1999`]) {
          const answer = await refused('a', `update public.projects set ${change} where id = $1`, [id]);
          expect(answer).toMatchObject({ code: '42501', message: 'Só a equipe da agência altera o plano ou o preço mensal do projeto.' });
        }
        const [row] = await keep('a', `update public.projects set title = 'Meu chatbot', description = 'Atendimento', plan = 'essential' where id = $1 returning title, description, plan, monthly_price`, [id]);
        expect({ ...row, monthly_price: Number(row.monthly_price) }).toEqual({ title: 'Meu chatbot', description: 'Atendimento', plan: 'essential', monthly_price: 499 });
      });
    });
  });

  describe('status e progresso são da agência', () => {
    const STAFF_ONLY = 'Só a equipe da agência altera o status e o progresso do projeto.';

    it('o cliente não muda o status nem o progresso do próprio projeto, nem junto com o título', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const before = await keep('a', 'select title, status, progress from public.projects where id = $1', [ID.projectA]);
        for (const change of [`status = 'completed'`, 'progress = 100', `status = 'pending', progress = 0`, `title = 'Novo', progress = 41`]) {
          expect(await refused('a', `update public.projects set ${change} where id = $1`, [ID.projectA])).toMatchObject({ code: '42501', message: STAFF_ONLY });
        }
        // Writing the same values back is no change.
        expect(await keep('a', `update public.projects set status = 'in-progress', progress = 40, title = 'Projeto da Ana' where id = $1 returning id`, [ID.projectA])).toHaveLength(1);
        expect(await keep('a', 'select title, status, progress from public.projects where id = $1', [ID.projectA])).toEqual(before);
      });
    });

    it('o cliente não cria um projeto já com progresso', async () => {
      expect(await refusal('a', `insert into public.projects (title, plan, progress) values ('Plano', 'essential', 50)`)).toMatchObject({
        code: '42501', message: 'Um projeto novo começa pendente; só a equipe da agência altera o status e o progresso.',
      });
      expect(await run('a', `insert into public.projects (title, plan, progress) values ('Plano', 'essential', 0) returning progress`)).toEqual([{ progress: 0 }]);
    });

    it('a admin muda status e progresso de qualquer projeto', async () => {
      await inTransaction(async ({ keep }) => {
        expect(await keep('admin', `update public.projects set status = 'in-progress', progress = 50 where id = $1 returning status, progress`, [ID.projectB])).toEqual([
          { status: 'in-progress', progress: 50 },
        ]);
        expect(await keep('admin', `update public.projects set status = 'completed', progress = 100 where id = $1 returning status, progress`, [ID.projectA])).toEqual([
          { status: 'completed', progress: 100 },
        ]);
      });
    });
  });

  describe('o progresso segue o status, quem quer que grave', () => {
    it('concluído fica em 100, pendente em 0, e em andamento vindo de pendente ou concluído fica entre 10 e 90 (50 sem valor)', async () => {
      await inTransaction(async ({ keep }) => {
        const set = (change: string) =>
          keep('admin', `update public.projects set ${change} where id = $1 returning status, progress`, [ID.projectB]);
        expect(await set(`status = 'completed', progress = 40`)).toEqual([{ status: 'completed', progress: 100 }]);
        expect(await set(`status = 'in-progress', progress = 95`)).toEqual([{ status: 'in-progress', progress: 90 }]);
        expect(await set(`progress = 97`)).toEqual([{ status: 'in-progress', progress: 97 }]);
        expect(await set(`status = 'pending', progress = 70`)).toEqual([{ status: 'pending', progress: 0 }]);
        expect(await set(`status = 'in-progress'`)).toEqual([{ status: 'in-progress', progress: 50 }]);
        expect(await set(`status = 'pending'`)).toEqual([{ status: 'pending', progress: 0 }]);
        expect(await set(`status = 'in-progress', progress = 3`)).toEqual([{ status: 'in-progress', progress: 10 }]);
      });
    });
  });

  describe('excluir um projeto', () => {
    const PENDING_ONLY = 'Só é possível excluir um projeto pendente. Para cancelar este projeto, solicite o cancelamento ao suporte.';

    it('o cliente exclui o próprio projeto só enquanto ele está pendente', async () => {
      await inTransaction(async ({ keep, refused }) => {
        expect(await refused('a', 'delete from public.projects where id = $1', [ID.projectA])).toMatchObject({ code: '42501', message: PENDING_ONLY });
        const [{ id }] = await keep('a', `insert into public.projects (title, plan) values ('Plano', 'premium') returning id`);
        expect(await keep('a', 'delete from public.projects where id = $1 returning id', [id])).toEqual([{ id }]);
        expect(await keep('b', 'delete from public.projects where id = $1 returning id', [ID.projectB])).toEqual([{ id: ID.projectB }]);
      });
    });

    it('a admin exclui um projeto em andamento ou concluído', async () => {
      await inTransaction(async ({ keep }) => {
        expect(await keep('admin', 'delete from public.projects where id = $1 returning id', [ID.projectA])).toEqual([{ id: ID.projectA }]);
        expect(await keep('admin', 'delete from public.projects where id = $1 returning id', [ID.projectAdmin])).toEqual([{ id: ID.projectAdmin }]);
      });
    });
  });

  describe('ticket ligado a um projeto', () => {
    const open = `insert into public.support_tickets (subject, message_content, project_id) values ('Cancelamento', 'Quero cancelar', $1) returning project_id`;

    it('o cliente abre um ticket sobre um projeto seu, e só seu', async () => {
      expect(await run('a', open, [ID.projectA])).toEqual([{ project_id: ID.projectA }]);
      expect(await run('a', open, [null])).toEqual([{ project_id: null }]);
      for (const other of [ID.projectB, '10000000-0000-4000-8000-0000000000ff']) {
        expect(await refusal('a', open, [other])).toMatchObject({ code: '23503', message: 'O projeto escolhido não é um dos projetos deste cliente.' });
      }
    });

    it('ninguém troca o projeto de um ticket pela API; um projeto excluído deixa o ticket sem projeto', async () => {
      await inTransaction(async ({ keep, refused }) => {
        expect((await refused('a', 'update public.support_tickets set project_id = $1 where id = $2', [ID.projectA, ID.ticketA])).code).toBe('42501');
        await getDb().query('update public.support_tickets set project_id = $1 where id = $2', [ID.projectA, ID.ticketA]);
        expect(await keep('admin', 'select project_id from public.support_tickets where id = $1', [ID.ticketA])).toEqual([{ project_id: ID.projectA }]);
        await keep('admin', 'delete from public.projects where id = $1', [ID.projectA]);
        expect(await keep('a', 'select project_id from public.support_tickets where id = $1', [ID.ticketA])).toEqual([{ project_id: null }]);
      });
    });

    it('a admin lê, cria, altera e exclui projetos de qualquer cliente, com qualquer preço >= 0', async () => {
      await inTransaction(async ({ keep, refused }) => {
        expect((await keep('admin', 'select id from public.projects order by id')).map((r) => r.id)).toEqual([ID.projectA, ID.projectB, ID.projectAdmin]);
        const [made] = await keep('admin', `insert into public.projects (user_id, title, plan, monthly_price, status, progress) values ($1, 'Corporativo da Ana', 'enterprise', 15000, 'in-progress', 30) returning id, user_id, monthly_price`, [ID.userA]);
        expect(made).toMatchObject({ user_id: ID.userA });
        expect(Number(made.monthly_price)).toBe(15000);
        const [moved] = await keep('admin', `update public.projects set plan = 'premium' where id = $1 returning monthly_price`, [made.id]);
        expect(Number(moved.monthly_price)).toBe(1999);
        const [priced] = await keep('admin', `update public.projects set plan = 'advanced', monthly_price = 0 where id = $1 returning monthly_price`, [made.id]);
        expect(Number(priced.monthly_price)).toBe(0);
        expect((await refused('admin', 'update public.projects set monthly_price = -1 where id = $1', [ID.projectB])).code).toBe('23514');
        expect((await refused('admin', 'update public.projects set user_id = $1 where id = $2', [ID.userB, ID.projectA])).code).toBe('42501');
        expect(await keep('admin', `update public.projects set status = 'completed', progress = 100 where id = $1 returning id`, [ID.projectB])).toHaveLength(1);
        expect(await keep('admin', 'delete from public.projects where id = $1 returning id', [ID.projectB])).toHaveLength(1);
        expect(await keep('b', 'select status, count from public.project_status_counts() where count > 0')).toEqual([]);
      });
    });

    it('o título é guardado aparado, obrigatório e com até 200 caracteres', async () => {
      const [row] = await run('a', `insert into public.projects (title, plan) values (E'  \\tPacote Essencial IA \\n', 'essential') returning title`);
      expect(row.title).toBe('Pacote Essencial IA');
      expect(await refusal('a', `insert into public.projects (title, plan) values ('   ', 'essential')`)).toMatchObject({ code: '23514', message: 'O título do projeto é obrigatório.' });
      expect(await refusal('a', `update public.projects set title = repeat('x', 201) where id = $1`, [ID.projectA])).toMatchObject({
        code: '23514', message: 'O título do projeto pode ter no máximo 200 caracteres.',
      });
      expect(await run('a', `update public.projects set title = repeat('é', 200) where id = $1 returning id`, [ID.projectA])).toHaveLength(1);
    });

    it('criar de novo com o mesmo id (upsert que ignora duplicata) não cria dois projetos nem conta dois', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const id = '70000000-0000-4000-8000-0000000000f1';
        const send = `insert into public.projects (id, title, plan) values ($1, 'Pacote Avançado IA', 'advanced') on conflict (id) do nothing returning id`;
        expect(await keep('a', send, [id])).toHaveLength(1);
        expect(await keep('a', send, [id])).toEqual([]);
        expect(await keep('a', `select count from public.project_status_counts() where status = 'pending'`)).toEqual([{ count: 1 }]);
        expect((await refused('a', `insert into public.projects (id, title, plan) values ($1, 'De novo', 'advanced')`, [id])).code).toBe('23505');
      });
    });
  });

  describe('atualizações do projeto', () => {
    const post = `insert into public.project_updates (project_id, author_id, content) values ($1, $2, $3) returning author_id, content`;

    it('dono e admin postam no projeto, sempre em seu próprio nome e com o texto aparado', async () => {
      expect(await run('a', post, [ID.projectA, ID.admin, '  Dados enviados. \n'])).toEqual([{ author_id: ID.userA, content: 'Dados enviados.' }]);
      expect(await run('admin', post, [ID.projectA, ID.userA, 'Equipe aqui'])).toEqual([{ author_id: ID.admin, content: 'Equipe aqui' }]);
      expect((await refusal('b', post, [ID.projectA, ID.userB, 'Intruso'])).code).toBe('42501');
    });

    it('texto em branco ou com mais de 5.000 caracteres é recusado em pt-BR', async () => {
      expect(await refusal('a', post, [ID.projectA, null, ' \n '])).toMatchObject({ code: '23514', message: 'A atualização não pode ficar em branco.' });
      expect(await refusal('a', post, [ID.projectA, null, 'x'.repeat(5001)])).toMatchObject({
        code: '23514', message: 'A atualização pode ter no máximo 5.000 caracteres.',
      });
      expect(await run('a', post, [ID.projectA, null, 'x'.repeat(5000)])).toHaveLength(1);
    });

    it('o autor exclui a própria atualização só nos primeiros 15 minutos; não exclui a da equipe; a admin exclui qualquer uma', async () => {
      await inTransaction(async ({ keep }) => {
        await getDb().query(
          `insert into public.project_updates (id, project_id, author_id, content, created_at) values ($1, $2, $3, 'Antiga', now() - interval '16 minutes')`,
          ['70000000-0000-4000-8000-0000000000e1', ID.projectA, ID.userA],
        );
        expect(await keep('a', 'delete from public.project_updates where id = $1 returning id', ['70000000-0000-4000-8000-0000000000e1'])).toEqual([]);
        expect(await keep('a', 'delete from public.project_updates where id = $1 returning id', [ID.updateByAdminOnA])).toEqual([]);
        expect(await keep('admin', 'delete from public.project_updates where id = $1 returning id', ['70000000-0000-4000-8000-0000000000e1'])).toHaveLength(1);
        expect(await keep('admin', 'delete from public.project_updates where id = $1 returning id', [ID.updateByB])).toHaveLength(1);
      });
    });

    it('ninguém edita uma atualização nem muda sua data', async () => {
      for (const who of ['a', 'admin'] as const) {
        expect((await refusal(who, `update public.project_updates set content = 'x' where id = $1`, [ID.updateByA])).code).toBe('42501');
      }
      expect((await refusal('a', `insert into public.project_updates (project_id, content, created_at) values ($1, 'x', '2000-01-01')`, [ID.projectA])).code).toBe('42501');
    });

    it('o cliente B não lê as atualizações do projeto da A por nenhum filtro', async () => {
      expect(await run('b', 'select id from public.project_updates where project_id = $1 or id = $2 or true', [ID.projectA, ID.updateByA])).toEqual([
        { id: ID.updateByB },
      ]);
    });

    it('excluir o projeto leva as atualizações junto', async () => {
      await inTransaction(async ({ keep }) => {
        await keep('admin', 'delete from public.projects where id = $1', [ID.projectA]);
        expect((await getDb().query('select count(*)::int as n from public.project_updates where project_id = $1', [ID.projectA])).rows).toEqual([{ n: 0 }]);
      });
    });
  });

  describe('gestão de projetos da equipe (rpc admin_projects)', () => {
    const list = (args = '') => `select id, title, to_json(created_at) #>> '{}' as cursor from public.admin_projects(${args})`;
    const ids = async (args = '') => (await run('admin', list(args))).map((r) => r.id);

    it('todos os projetos de todos os clientes, mais novos primeiro, com filtros de status e plano', async () => {
      await inTransaction(async ({ keep, peek }) => {
        await keep('b', `insert into public.projects (id, title, plan) values ('70000000-0000-4000-8000-0000000000b1', 'Pacote Premium IA', 'premium')`);
        const all = (await peek('admin', list())).map((r) => r.id);
        expect(all[0]).toBe('70000000-0000-4000-8000-0000000000b1');
        expect([...all].sort()).toEqual([ID.projectA, ID.projectB, ID.projectAdmin, '70000000-0000-4000-8000-0000000000b1'].sort());
        expect((await peek('admin', list(`null, 'pending', 'premium'`))).map((r) => r.id)).toEqual(['70000000-0000-4000-8000-0000000000b1']);
        expect((await peek('admin', list(`null, 'in-progress'`))).map((r) => r.id)).toEqual([ID.projectA]);
      });
    });

    it('busca no título e no nome ou e-mail do cliente', async () => {
      expect(await ids(`'da ana'`)).toEqual([ID.projectA]);
      expect(await ids(`'bruno cliente'`)).toEqual([ID.projectB]);
      expect(await ids(`'@cliente-b.com'`)).toEqual([ID.projectB]);
      expect(await ids(`'%'`)).toEqual([]);
    });

    it('pagina pela chave (created_at, id) e, com mais de mil projetos, acha um termo raro e antigo', async () => {
      await inTransaction(async ({ peek }) => {
        await getDb().query(
          `insert into public.projects (user_id, title, plan, created_at)
           select $1, case when g = 1500 then 'Agulha no palheiro' else 'Lote ' || g end, 'essential', now() + make_interval(secs => 1501 - g)
           from generate_series(1, 1500) g`,
          [ID.userB],
        );
        const titles = async (args: string, params?: unknown[]) => (await peek('admin', list(args), params)).map((r) => r.title);
        expect(await titles(`'agulha'`)).toEqual(['Agulha no palheiro']);
        expect(await titles(`'lote', page_limit => 2`)).toEqual(['Lote 1', 'Lote 2']);
        const [, second] = await peek('admin', list(`'lote', page_limit => 2`));
        expect(await titles(`'lote', after_created_at => $1, after_id => $2, page_limit => 2`, [second.cursor, second.id])).toEqual(['Lote 3', 'Lote 4']);
        expect(await titles(`'bruno', 'pending', 'essential', page_limit => 1`)).toEqual(['Lote 1']);
      });
    });

    it('clientes e visitantes não abrem a lista da equipe; filtros desconhecidos são recusados', async () => {
      expect((await refusal('a', list())).code).toBe('42501');
      expect((await refusal('anon', list())).code).toBe('42501');
      expect(await refusal('admin', list(`null, 'cancelled'`))).toMatchObject({ code: '22023', message: 'Status de projeto inválido: cancelled.' });
      expect(await refusal('admin', list(`null, null, 'gold'`))).toMatchObject({ code: '22023', message: 'Plano inválido: gold.' });
    });
  });
}
