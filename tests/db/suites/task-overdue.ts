// 'Atrasada': the computed field overdue of public.tasks says a task is late when its due date is before today in
// America/Sao_Paulo and it is not Concluída, whatever the session's time zone. Run on PGlite and PostgreSQL 15;
// rolled back.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

const SP_TODAY = `(now() at time zone 'America/Sao_Paulo')::date`;

export function describeTaskOverdue(getDb: () => TestDb): void {
  const { inTransaction, refusal } = actorHelpers(getDb);

  describe('tarefa atrasada', () => {
    it('vencida antes de hoje em São Paulo e não concluída é atrasada; hoje, amanhã, sem data ou concluída não', async () => {
      await inTransaction(async ({ keep }) => {
        await keep(
          'a',
          `insert into public.tasks (title, created_by, due_date, status) values
             ('ontem', $1, ${SP_TODAY} - 1, 'Pendente'),
             ('ontem bloqueada', $1, ${SP_TODAY} - 1, 'Bloqueada'),
             ('ontem concluída', $1, ${SP_TODAY} - 1, 'Concluída'),
             ('hoje', $1, ${SP_TODAY}, 'Em Andamento'),
             ('amanhã', $1, ${SP_TODAY} + 1, 'Pendente'),
             ('sem data', $1, null, 'Pendente')`,
          [ID.userA],
        );
        const expected = {
          ontem: true,
          'ontem bloqueada': true,
          'ontem concluída': false,
          hoje: false,
          amanhã: false,
          'sem data': false,
        };
        const overdue = async () =>
          Object.fromEntries(
            (
              await keep(
                'a',
                `select title, public.overdue(t) as overdue from public.tasks t
                  where created_by = $1 and title = any($2::text[])`,
                [ID.userA, Object.keys(expected)],
              )
            ).map((r) => [r.title, r.overdue]),
          );
        expect(await overdue()).toEqual(expected);
        // The session's time zone (a server in UTC or in Tokyo) does not move São Paulo's today.
        for (const zone of ['UTC', 'Asia/Tokyo', 'Pacific/Honolulu']) {
          await getDb().query(`set local time zone '${zone}'`);
          expect(await overdue()).toEqual(expected);
        }
      });
    });

    it('o visitante anônimo não chama a função', async () => {
      expect((await refusal('anon', 'select public.overdue(t) from public.tasks t limit 1')).code).toBe('42501');
    });
  });
}
