// Invoice notifications: a new invoice tells its client (with the amount of the items it was issued with), the daily
// billing run tells the client once about an invoice due within 3 days and once about an overdue one, a payment tells
// the admins; another client hears nothing. Each test runs in a transaction rolled back at the end.
import { describe, expect, it } from 'vitest';
import type { Row, TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers, type TransactionSteps } from './actors.ts';
import { byRecipient, notificationRows } from './notification-rows.ts';

const SP_TODAY = `(now() at time zone 'America/Sao_Paulo')::date`;

export function describeInvoiceNotifications(getDb: () => TestDb): void {
  const { inTransaction } = actorHelpers(getDb);
  const db = () => getDb();
  const { all, fresh } = notificationRows(getDb);
  /** Runs the deferred 'new invoice' trigger now, as the commit would. */
  const commitLike = async () => {
    await db().query('set constraints all immediate');
    await db().query('set constraints all deferred');
  };
  async function issue(keep: TransactionSteps['keep'], cents: number, due = `${SP_TODAY} + 10`, to: string = ID.userA): Promise<Row> {
    const [row] = await keep(
      'admin',
      `select * from public.save_invoice(gen_random_uuid(), $1, null, ${due}, $2::jsonb)`,
      [to, JSON.stringify([{ description: 'Implantação', quantity: 1, unit_cents: cents }])],
    );
    return row!;
  }
  /** Moves dates as time passing would (the invoice guard refuses a changed issue date to every caller). */
  const rewrite = async (sql: string, params: unknown[]) => {
    await db().query('set local session_replication_role = replica');
    await db().query(sql, params);
    await db().query('set local session_replication_role = origin');
  };
  const brDate = async (sqlDate: string) => (await db().query(`select to_char(${sqlDate}, 'DD/MM/YYYY') as d`)).rows[0]!.d as string;

  describe('notificações de faturas', () => {
    it('uma fatura nova avisa só o cliente dela, com número, valor dos itens e vencimento', async () => {
      await inTransaction(async ({ keep, peek }) => {
        await fresh();
        const inv = await issue(keep, 123456);
        await commitLike();
        const due = await brDate(`${SP_TODAY} + 10`);
        expect(await all()).toEqual([
          {
            user_id: ID.userA,
            kind: 'invoice_issued',
            title: `Nova fatura ${inv.number}: R$ 1.234,56`,
            body: `Vencimento em ${due}. Pague com Pix pela página da fatura.`,
            link: `/invoices/${inv.id}`,
          },
        ]);
        expect(await peek('b', 'select id from public.notifications')).toEqual([]);
        expect((await peek('a', 'select kind from public.notifications')).map((r) => r.kind)).toEqual(['invoice_issued']);
        // It goes out by e-mail like every notification.
        expect((await db().query('select count(*)::int as n from private.notification_outbox')).rows[0]!.n).toBe(1);
      });
    });

    it('uma fatura emitida e cancelada na mesma transação não avisa ninguém', async () => {
      await inTransaction(async ({ keep }) => {
        await fresh();
        const inv = await issue(keep, 5000);
        await keep('admin', `update public.invoices set status = 'cancelled', cancel_reason = 'Emitida por engano' where id = $1`, [inv.id]);
        await commitLike();
        expect(await all()).toEqual([]);
      });
    });

    it('o pagamento avisa os admins (não quem marcou), nunca os clientes', async () => {
      await inTransaction(async ({ keep }) => {
        const byPix = await issue(keep, 49900);
        const byHand = await issue(keep, 1000);
        await commitLike();
        await fresh();
        await db().query(`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await db().query(
          `update public.invoices set status = 'paid', payment_method = 'pix', paid_at = '2026-11-20T15:00:00Z' where id = $1`,
          [byPix.id],
        );
        await db().query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`);
        expect(await all()).toEqual([
          {
            user_id: ID.admin,
            kind: 'invoice_paid',
            title: `Fatura ${byPix.number} paga: R$ 499,00`,
            body: 'Ana Cliente A pagou R$ 499,00 por Pix em 20/11/2026.',
            link: `/admin/invoices/${byPix.id}`,
          },
        ]);
        await fresh();
        await keep('admin', `update public.invoices set status = 'paid', payment_method = 'boleto', paid_at = now() where id = $1`, [byHand.id]);
        expect(await all()).toEqual([]);
      });
    });

    it('a rotina diária avisa uma vez "vence em 3 dias" e uma vez "vencida", só ao cliente da fatura', async () => {
      await inTransaction(async ({ keep }) => {
        const soon = await issue(keep, 20000, `${SP_TODAY} + 3`);
        const later = await issue(keep, 30000, `${SP_TODAY} + 4`);
        const ofB = await issue(keep, 40000, `${SP_TODAY} + 2`, ID.userB);
        await commitLike();
        // Issued "before today": the reminders are for invoices that were already known.
        await rewrite(`update public.invoices set issue_date = issue_date - 20 where id = any($1)`, [[soon.id, later.id, ofB.id]]);
        await fresh();
        await keep('admin', 'select public.generate_monthly_invoices()');
        await keep('admin', 'select public.generate_monthly_invoices()');
        const dueSoon = await brDate(`${SP_TODAY} + 3`);
        const dueB = await brDate(`${SP_TODAY} + 2`);
        // One reminder per invoice, to its own client; both are written by one run.
        expect(byRecipient((await all()).filter((n) => String(n.kind).startsWith('invoice_due')))).toEqual([
          {
            user_id: ID.userA,
            kind: 'invoice_due_soon',
            title: `Fatura ${soon.number} vence em 3 dias: R$ 200,00`,
            body: `Vencimento em ${dueSoon}. Pague com Pix pela página da fatura.`,
            link: `/invoices/${soon.id}`,
          },
          {
            user_id: ID.userB,
            kind: 'invoice_due_soon',
            title: `Fatura ${ofB.number} vence em 2 dias: R$ 400,00`,
            body: `Vencimento em ${dueB}. Pague com Pix pela página da fatura.`,
            link: `/invoices/${ofB.id}`,
          },
        ]);

        // Days later the invoice is overdue: one 'vencida', however often the run repeats, even after the due date
        // moved forward and back.
        await rewrite(`update public.invoices set due_date = due_date - 10 where id = $1`, [soon.id]);
        await fresh();
        await keep('admin', 'select public.generate_monthly_invoices()');
        await keep('admin', 'select public.generate_monthly_invoices()');
        const overdueOn = await brDate(`${SP_TODAY} - 7`);
        expect(await all()).toEqual([
          {
            user_id: ID.userA,
            kind: 'invoice_overdue',
            title: `Fatura ${soon.number} vencida: R$ 200,00`,
            body: `Venceu em ${overdueOn}. Pague com Pix pela página da fatura.`,
            link: `/invoices/${soon.id}`,
          },
        ]);
        await keep('admin', `update public.invoices set due_date = ${SP_TODAY} + 1 where id = $1`, [soon.id]);
        await rewrite(`update public.invoices set due_date = ${SP_TODAY} - 7, status = 'overdue' where id = $1`, [soon.id]);
        await keep('admin', 'select public.generate_monthly_invoices()');
        expect((await all()).filter((n) => n.kind === 'invoice_overdue')).toHaveLength(1);
        // Paid and cancelled invoices get no reminder.
        await fresh();
        await keep('admin', `update public.invoices set status = 'cancelled', cancel_reason = 'Acordo' where id = $1`, [later.id]);
        await rewrite(`update public.invoices set due_date = ${SP_TODAY} + 1 where id = $1`, [later.id]);
        await keep('admin', 'select public.generate_monthly_invoices()');
        expect(await all()).toEqual([]);
      });
    });

    it("'Financeiro' soma as faturas pagas pelo mês do pagamento (São Paulo), em centavos; abertas e canceladas não contam", async () => {
      await inTransaction(async ({ keep, peek }) => {
        const paidNow = await issue(keep, 49900);
        const paidEarlier = await issue(keep, 100050);
        const open = await issue(keep, 777700);
        const cancelled = await issue(keep, 12300);
        await keep('admin', `update public.invoices set status = 'paid', payment_method = 'pix', paid_at = now() where id = $1`, [paidNow.id]);
        // Paid two months ago, at 01:00 UTC of the 1st: still the month before in São Paulo.
        await keep(
          'admin',
          `update public.invoices set status = 'paid', payment_method = 'boleto',
             paid_at = (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month') at time zone 'UTC' + interval '1 hour'
           where id = $1`,
          [paidEarlier.id],
        );
        await keep('admin', `update public.invoices set status = 'cancelled', cancel_reason = 'Erro' where id = $1`, [cancelled.id]);
        const baseline = (await db().query(`select count(*)::int as n from public.invoices where status = 'paid' and id <> all($1)`, [[paidNow.id, paidEarlier.id]])).rows[0]!.n;
        expect(baseline).toBe(0);
        const rows = (await peek('admin', 'select month::text, received_cents::bigint as cents, paid_count::int as n from public.admin_analytics_received()')).map(
          (r) => ({ month: r.month, cents: Number(r.cents), n: r.n }),
        );
        expect(rows).toHaveLength(12);
        expect(rows.at(-1)).toMatchObject({ cents: 49900, n: 1 });
        expect(rows.at(-3)).toMatchObject({ cents: 100050, n: 1 });
        expect(rows.reduce((a, r) => a + r.cents, 0)).toBe(49900 + 100050);
        expect(open.status).toBe('open');
      });
    });

    it('clientes não chamam a rotina das faturas', async () => {
      await inTransaction(async ({ refused }) => {
        expect((await refused('a', 'select public.generate_monthly_invoices()')).code).toBe('42501');
      });
    });
  });
}
