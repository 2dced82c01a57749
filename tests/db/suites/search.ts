// The search RPCs of the client lists (migration 20261122100000_search_rpcs.sql): search_projects, search_clients and
// search_tasks answer only the caller's own rows, whatever the caller could otherwise read, match the term literally,
// honour the filters, scopes, order and page, and are closed to the anonymous visitor.
// A suite over the rows of fixtures/people.sql, run on PGlite and on PostgreSQL 15 alike.
import { describe, expect, it } from 'vitest';
import { asActor, asDbError, type TestDb } from '../db.ts';
import { ACTORS, ID, type Who } from '../matrix.ts';

export function describeSearch(getDb: () => TestDb): void {
  /** The ids the statement returns when run as `who` (rolled back afterwards). */
  async function ids(who: Who, sql: string, params?: unknown[]): Promise<unknown[]> {
    return asActor(getDb(), ACTORS[who], async (q) => (await q(sql, params)).rows.map((r) => r.id));
  }

  async function refusal(who: Who, sql: string): Promise<{ code: string; message: string }> {
    try {
      await asActor(getDb(), ACTORS[who], (q) => q(sql));
    } catch (error) {
      return asDbError(error);
    }
    throw new Error(`esperava recusa, mas o banco aceitou: ${sql}`);
  }

  describe('busca das listas (rpc search_projects, search_clients, search_tasks)', () => {
    describe('projetos', () => {
      it('cada cliente encontra só os próprios projetos, sem diferenciar maiúsculas', async () => {
        expect(await ids('a', `select id from public.search_projects('projeto')`)).toEqual([ID.projectA]);
        expect(await ids('b', `select id from public.search_projects('PROJETO')`)).toEqual([ID.projectB]);
        expect(await ids('b', `select id from public.search_projects('Ana')`)).toEqual([]);
      });

      it('a admin também só encontra os projetos dela (a lista é "meus projetos")', async () => {
        expect(await ids('admin', `select id from public.search_projects('Projeto')`)).toEqual([ID.projectAdmin]);
      });

      it('% e _ do termo são texto, não curingas', async () => {
        expect(await ids('a', `select id from public.search_projects('%')`)).toEqual([]);
        expect(await ids('a', `select id from public.search_projects('Projeto_da')`)).toEqual([]);
        expect(await ids('a', `select id from public.search_projects('o da A')`)).toEqual([ID.projectA]);
      });

      it('filtra por status', async () => {
        expect(await ids('a', `select id from public.search_projects('Projeto', 'in-progress')`)).toEqual([ID.projectA]);
        expect(await ids('a', `select id from public.search_projects('Projeto', 'completed')`)).toEqual([]);
      });

      it('um termo em branco lista os próprios projetos sem buscar', async () => {
        expect(await ids('a', `select id from public.search_projects('   ')`)).toEqual([ID.projectA]);
      });

      it('com mais de mil projetos, acha tanto um termo comum (entre os mais novos) quanto um raro e antigo (índice trigram)', async () => {
        const db = getDb();
        await db.query('begin');
        try {
          await db.query(
            `insert into public.projects (user_id, title, status, created_at)
             select $1, case when g = 1500 then 'Agulha no palheiro' else 'Lote ' || g end,
                    case when g % 2 = 0 then 'completed' else 'pending' end, now() - make_interval(mins => g)
             from generate_series(1, 1500) g`,
            [ID.userA],
          );
          const titles = (sql: string, params: unknown[] = []) =>
            asActor(db, ACTORS.a, async (q) => (await q(sql, params)).rows.map((r) => r.title), 'nested');
          expect(await titles(`select title from public.search_projects('agulha')`)).toEqual(['Agulha no palheiro']);
          expect(await titles(`select title from public.search_projects('agulha', 'completed')`)).toEqual(['Agulha no palheiro']);
          expect(await titles(`select title from public.search_projects('agulha', 'pending')`)).toEqual([]);
          expect(await titles(`select title from public.search_projects('lote', null, 0, 3)`)).toEqual(['Lote 1', 'Lote 2', 'Lote 3']);
          expect(await titles(`select title from public.search_projects('lote 14', 'completed', 0, 3)`)).toEqual(['Lote 14', 'Lote 140', 'Lote 142']);
          expect(await titles(`select title from public.search_projects('lote 149', null, 10, 5)`)).toEqual(['Lote 1499']);
        } finally {
          await db.query('rollback');
        }
      });

      it('devolve uma página, mais recentes primeiro, com offset e limite', async () => {
        const db = getDb();
        await db.query('begin');
        try {
          const made = await db.query(
            `insert into public.projects (user_id, title, created_at)
             select $1, 'Página ' || g, now() - make_interval(hours => g) from generate_series(1, 3) g
             returning id, title`,
            [ID.userA],
          );
          const byTitle = new Map(made.rows.map((r) => [r.title, r.id]));
          const page = (offset: number, limit: number) =>
            asActor(db, ACTORS.a, async (q) =>
              (await q(`select title from public.search_projects('página', null, $1, $2)`, [offset, limit])).rows.map((r) => r.title),
            'nested');
          expect(byTitle.size).toBe(3);
          expect(await page(0, 2)).toEqual(['Página 1', 'Página 2']);
          expect(await page(2, 2)).toEqual(['Página 3']);
          expect(await page(3, 2)).toEqual([]);
        } finally {
          await db.query('rollback');
        }
      });
    });

    describe('clientes do CRM', () => {
      it('busca no nome, no email e na empresa, e só entre os clientes do próprio usuário', async () => {
        expect(await ids('a', `select id from public.search_clients('contato')`)).toEqual([ID.clientA]);
        expect(await ids('a', `select id from public.search_clients('@ana.com')`)).toEqual([ID.clientA]);
        expect(await ids('b', `select id from public.search_clients('ana')`)).toEqual([]);
      });

      it('a admin, que lê todos os clientes, só encontra os que são dela (nem os de outros, nem os sem dono)', async () => {
        expect(await ids('admin', `select id from public.search_clients('a')`)).toEqual([ID.clientAdmin]);
      });

      it('filtra por status', async () => {
        expect(await ids('a', `select id from public.search_clients('Contato', 'lead')`)).toEqual([ID.clientA]);
        expect(await ids('a', `select id from public.search_clients('Contato', 'active')`)).toEqual([]);
      });
    });

    describe('tarefas', () => {
      const sorted = async (p: Promise<unknown[]>) => (await p).map(String).sort();

      it('Todas: as que criei e as atribuídas a mim; Atribuídas; Criadas', async () => {
        expect(await sorted(ids('a', `select id from public.search_tasks('tarefa')`))).toEqual(
          [ID.taskA, ID.taskAdminToA, ID.taskAToAdmin].sort(),
        );
        expect(await ids('a', `select id from public.search_tasks('tarefa', 'assigned')`)).toEqual([ID.taskAdminToA]);
        expect(await sorted(ids('a', `select id from public.search_tasks('tarefa', 'created')`))).toEqual(
          [ID.taskA, ID.taskAToAdmin].sort(),
        );
      });

      it('nunca devolve tarefas de outra pessoa, nem para a admin', async () => {
        expect(await ids('b', `select id from public.search_tasks('Ana')`)).toEqual([]);
        expect(await sorted(ids('admin', `select id from public.search_tasks('Ana')`))).toEqual(
          [ID.taskAdminToA, ID.taskAToAdmin].sort(),
        );
      });

      it('filtra status e prioridade', async () => {
        expect(await ids('a', `select id from public.search_tasks('Tarefa da Ana', 'created', 'Pendente', 'Média')`)).toHaveLength(2);
        expect(await ids('a', `select id from public.search_tasks('Tarefa', 'all', 'Concluída')`)).toEqual([]);
        expect(await ids('a', `select id from public.search_tasks('Tarefa', 'all', null, 'Urgente')`)).toEqual([]);
      });

      it('um escopo desconhecido é recusado com uma mensagem clara', async () => {
        const { code, message } = await refusal('a', `select id from public.search_tasks('Tarefa', 'everyone')`);
        expect(code).toBe('22023');
        expect(message).toContain('Escopo de tarefas inválido');
      });
    });

    describe('acesso', () => {
      const calls = [
        `select * from public.search_projects('a')`,
        `select * from public.search_clients('a')`,
        `select * from public.search_tasks('a')`,
        `select private.search_project_ids('a', null, 0, 10)`,
        `select private.search_client_ids('a', null, 0, 10)`,
        `select private.search_task_ids('a', 'all', null, null, 0, 10)`,
      ];
      for (const sql of calls) {
        it(`o visitante anônimo não pode chamar: ${sql}`, async () => {
          expect((await refusal('anon', sql)).code).toBe('42501');
        });
      }

      it('o passo genérico, que recebe trechos de SQL, não pode ser chamado por um usuário', async () => {
        const { code } = await refusal(
          'a',
          `select private.search_page_ids('public.projects r', 'true', 'true', 'true', '', '', null, '%', 3, null, null, 0, 10)`,
        );
        expect(code).toBe('42501');
      });

      it('chamada direto, a função privada também só devolve os ids do próprio usuário', async () => {
        const [row] = await asActor(getDb(), ACTORS.b, async (q) =>
          (await q(`select private.search_project_ids('Projeto', null, 0, 10) as ids`)).rows,
        );
        expect(row.ids).toEqual([ID.projectB]);
      });

      it('as funções privadas rodam com os direitos do dono e caminho de busca fixo; as públicas, com os do chamador', async () => {
        const { rows } = await getDb().query(
          `select p.proname, p.prosecdef, n.nspname, p.proconfig
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where p.proname like 'search\\_%' order by n.nspname, p.proname`,
        );
        expect(rows.map((r) => [r.nspname, r.proname, r.prosecdef, r.proconfig])).toEqual([
          ['private', 'search_agency_client_ids', true, ['search_path=""']],
          ['private', 'search_client_ids', true, ['search_path=""']],
          ['private', 'search_page_ids', false, ['search_path=""']],
          ['private', 'search_project_ids', true, ['search_path=""']],
          ['private', 'search_task_ids', true, ['search_path=""']],
          ['public', 'search_clients', false, ['search_path=""']],
          ['public', 'search_projects', false, ['search_path=""']],
          ['public', 'search_tasks', false, ['search_path=""']],
        ]);
      });
    });
  });
}
