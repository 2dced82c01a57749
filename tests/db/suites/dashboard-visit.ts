// The first dashboard visit, kept per account: record_dashboard_visit() answers true once, false afterwards, for the
// caller's own profile only; nobody writes the column directly. Run on PGlite and PostgreSQL 15; rolled back.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

export function describeDashboardVisit(getDb: () => TestDb): void {
  const { refusal, inTransaction } = actorHelpers(getDb);

  describe('primeira visita ao painel', () => {
    it('a primeira chamada de uma conta nova diz true e grava a hora; as seguintes dizem false', async () => {
      await inTransaction(async ({ keep }) => {
        await getDb().query('update public.profiles set first_dashboard_visit_at = null where id = $1', [ID.userA]);
        expect(await keep('a', 'select public.record_dashboard_visit() as first')).toEqual([{ first: true }]);
        expect(await keep('a', 'select public.record_dashboard_visit() as first')).toEqual([{ first: false }]);
        const [row] = await keep('a', 'select first_dashboard_visit_at from public.profiles where id = $1', [ID.userA]);
        expect(row.first_dashboard_visit_at).not.toBeNull();
        // Another account's visit is its own.
        await getDb().query('update public.profiles set first_dashboard_visit_at = null where id = $1', [ID.userB]);
        expect(await keep('b', 'select public.record_dashboard_visit() as first')).toEqual([{ first: true }]);
      });
    });

    it('ninguém grava a coluna diretamente, e o visitante anônimo não chama a função', async () => {
      expect((await refusal('a', 'update public.profiles set first_dashboard_visit_at = null where id = $1', [ID.userA])).code).toBe('42501');
      expect((await refusal('anon', 'select public.record_dashboard_visit()')).code).toBe('42501');
    });
  });
}
