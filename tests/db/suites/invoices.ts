// Invoices and Pix: who reads and writes them, the database's totals and numbers, the idempotent monthly job, final
// paid and cancelled invoices, the Pix key rules of the settings, and the reconciliation of the bank's notifications.
// Each test runs in a transaction rolled back at the end (the concurrency test commits and cleans up after itself).
import { describe, expect, it } from 'vitest';
import { asActor, type Row, type TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers, type TransactionSteps } from './actors.ts';

const SP_TODAY = `(now() at time zone 'America/Sao_Paulo')::date`;

/** A manual invoice issued by the admin to client A with the given items; returns the invoice row. */
async function issue(keep: TransactionSteps['keep'], items: unknown[], due = `${SP_TODAY} + 10`): Promise<Row> {
  const rows = await keep(
    'admin',
    `select * from public.save_invoice(gen_random_uuid(), $1, null, ${due}, $2::jsonb)`,
    [ID.userA, JSON.stringify(items)],
  );
  return rows[0]!;
}

async function asServiceRole(db: TestDb, sql: string, params?: unknown[]): Promise<Row[]> {
  return asActor(db, { role: 'service_role' }, async (q) => (await q(sql, params)).rows, 'nested');
}

export function describeInvoices(getDb: () => TestDb): void {
  const { inTransaction, refusal, run } = actorHelpers(getDb);

  describe('faturas', () => {
    it('a cliente lê só as próprias faturas e itens; o outro cliente não vê nada; só a equipe escreve', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        const inv = await issue(keep, [{ description: 'Implantação', quantity: 1, unit_cents: 150000 }]);
        expect(await peek('a', 'select id from public.invoices')).toEqual([{ id: inv.id }]);
        expect((await peek('a', 'select description from public.invoice_items')).map((r) => r.description)).toEqual(['Implantação']);
        expect(await peek('b', 'select id from public.invoices')).toEqual([]);
        expect(await peek('b', 'select id from public.invoice_items')).toEqual([]);
        expect((await refused('anon', 'select id from public.invoices')).code).toBe('42501');
        // Clients write nothing: no insert, no update, no item.
        expect((await refused('a', `insert into public.invoices (user_id, due_date) values ($1, ${SP_TODAY} + 5)`, [ID.userA])).code).toBe('42501');
        expect(await peek('a', `update public.invoices set status = 'paid', payment_method = 'pix' where id = $1 returning id`, [inv.id])).toEqual([]);
        expect((await refused('a', `insert into public.invoice_items (invoice_id, description, unit_cents) values ($1, 'Desconto', 0)`, [inv.id])).code).toBe('42501');
        expect(await peek('a', `delete from public.invoice_items where invoice_id = $1 returning id`, [inv.id])).toEqual([]);
        expect((await refused('a', `select * from public.save_invoice(gen_random_uuid(), $1, null, ${SP_TODAY} + 5, '[{"description":"x","quantity":1,"unit_cents":1}]')`, [ID.userA])).code).toBe('42501');
        // Nobody deletes an invoice, not even the admin.
        expect((await refused('admin', 'delete from public.invoices where id = $1', [inv.id])).code).toBe('42501');
        // The admin's activity feed has the issue.
        expect(await peek('admin', `select kind, label from public.activity_log where subject_id = $1`, [inv.id])).toEqual([
          { kind: 'invoice_issued', label: inv.number },
        ]);
      });
    });

    it('o total é a soma dos itens feita pelo banco; o valor enviado pelo navegador é ignorado', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        const inv = await issue(keep, [
          { description: 'Horas extras', quantity: 1.5, unit_cents: 20001 },
          { description: 'Hospedagem', quantity: 2, unit_cents: 4990 },
        ]);
        expect(Number(inv.total_cents)).toBe(30002 + 9980);
        // total_cents is not writable through the API, not even by an admin.
        expect((await refused('admin', 'update public.invoices set total_cents = 1 where id = $1', [inv.id])).code).toBe('42501');
        // Adding, changing and removing items moves the total.
        await keep('admin', `insert into public.invoice_items (invoice_id, description, quantity, unit_cents) values ($1, 'Extra', 1, 100)`, [inv.id]);
        await keep('admin', `update public.invoice_items set unit_cents = 5000 where invoice_id = $1 and description = 'Hospedagem'`, [inv.id]);
        await keep('admin', `delete from public.invoice_items where invoice_id = $1 and description = 'Horas extras'`, [inv.id]);
        expect(await peek('a', 'select total_cents::int as t from public.invoices where id = $1', [inv.id])).toEqual([{ t: 10100 }]);
        // Even the service role cannot set a total that differs from the items.
        await asServiceRole(getDb(), 'update public.invoices set total_cents = 7 where id = $1', [inv.id]);
        expect(await peek('admin', 'select total_cents::int as t from public.invoices where id = $1', [inv.id])).toEqual([{ t: 10100 }]);
        // Bad items are refused in pt-BR and change nothing.
        const bad = await refused('admin', `select public.save_invoice($1, $2, null, ${SP_TODAY} + 5, '[{"description":"  ","quantity":1,"unit_cents":1}]')`, [inv.id, ID.userA]);
        expect(bad).toMatchObject({ code: '23514', message: 'Descreva cada item da fatura.' });
        expect((await refused('admin', `select public.save_invoice(gen_random_uuid(), $1, null, ${SP_TODAY} + 5, '[]')`, [ID.userA])).message).toBe('Inclua ao menos um item na fatura.');
        expect((await refused('admin', `select public.save_invoice(gen_random_uuid(), $1, null, ${SP_TODAY} + 5, '[{"description":"a","quantity":0,"unit_cents":1}]')`, [ID.userA])).message)
          .toBe('A quantidade de cada item deve ser maior que zero.');
      });
    });

    it('os números são por ano (AAAA-0001) e seguidos; o número e o cliente não mudam', async () => {
      await inTransaction(async ({ keep, refused }) => {
        const year = new Date().getUTCFullYear();
        const a = await issue(keep, [{ description: 'A', quantity: 1, unit_cents: 100 }]);
        const b = await issue(keep, [{ description: 'B', quantity: 1, unit_cents: 100 }]);
        expect(String(a.number)).toMatch(/^\d{4}-\d{4}$/);
        expect(String(a.number).slice(0, 4)).toMatch(String(year).slice(0, 3));
        const [ya, na] = String(a.number).split('-');
        expect(b.number).toBe(`${ya}-${String(Number(na) + 1).padStart(4, '0')}`);
        expect(String(a.pix_txid)).toMatch(/^[A-Z0-9]{25}$/);
        expect((await refused('admin', `update public.invoices set number = '1999-0001' where id = $1`, [a.id])).code).toBe('42501');
        expect((await refused('admin', `select public.save_invoice($1, $2, null, ${SP_TODAY} + 5, '[{"description":"x","quantity":1,"unit_cents":1}]')`, [a.id, ID.userB])).code).toBe('42501');
      });
    });

    it('emissões simultâneas (em conexões diferentes) nunca repetem um número', async () => {
      const db = getDb();
      if (!db.connectAnother) return; // PGlite has a single connection: the PostgreSQL 15 run covers this.
      const conns = await Promise.all([1, 2, 3, 4].map(() => db.connectAnother!()));
      const made: string[] = [];
      try {
        const claims = JSON.stringify({ role: 'authenticated', sub: ID.admin, app_metadata: { role: 'admin' } });
        const numbers = await Promise.all(
          conns.map(async (c, i) => {
            await c.query('begin');
            await c.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims]);
            const { rows } = await c.query(
              `select id, number from public.save_invoice(gen_random_uuid(), $1, null, ${SP_TODAY} + 5, $2::jsonb)`,
              [ID.userA, JSON.stringify([{ description: `Paralela ${i}`, quantity: 1, unit_cents: 100 }])],
            );
            // Hold the transaction a moment so the others queue on the year's counter.
            await new Promise((r) => setTimeout(r, 50));
            await c.query('commit');
            made.push(rows[0].id);
            return rows[0].number as string;
          }),
        );
        expect(new Set(numbers).size).toBe(4);
        const seq = numbers.map((n) => Number(n.split('-')[1])).sort((x, y) => x - y);
        expect(seq[3]! - seq[0]!).toBe(3);
      } finally {
        await Promise.all(conns.map((c) => c.end()));
        if (made.length) {
          await db.query(`delete from public.activity_log where subject_id = any($1::uuid[])`, [made]);
          await db.query(`delete from public.invoices where id = any($1::uuid[])`, [made]);
        }
      }
    });

    it('o job do mês dá uma fatura por projeto em andamento com preço, por mais que rode; só a equipe o roda', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        await getDb().query(`update public.projects set monthly_price = 499, plan = 'essential' where id = $1`, [ID.projectA]);
        await getDb().query(`update public.projects set monthly_price = 999 where id = $1`, [ID.projectB]); // pending: not billed
        await getDb().query(`update public.app_settings set billing_day = 28`);
        expect(await keep('admin', 'select public.generate_monthly_invoices() as n')).toEqual([{ n: 1 }]);
        expect(await keep('admin', 'select public.generate_monthly_invoices() as n')).toEqual([{ n: 0 }]);
        expect(await asServiceRole(getDb(), 'select public.generate_monthly_invoices() as n')).toEqual([{ n: 0 }]);
        const rows = await peek('a', `select i.project_id, i.period::text, i.total_cents::int as t, i.status, extract(day from i.due_date)::int as due_day,
                                              (select string_agg(description, '|') from public.invoice_items it where it.invoice_id = i.id) as items
                                         from public.invoices i`);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ project_id: ID.projectA, t: 49900, status: 'open' });
        expect(String(rows[0]!.period)).toMatch(/^\d{4}-\d{2}-01$/);
        expect(String(rows[0]!.items)).toContain('Pacote Essencial IA');
        expect(String(rows[0]!.items)).toContain('Projeto da Ana');
        expect([28, new Date().getUTCDate()]).toContain(rows[0]!.due_day);
        // Another month is another invoice.
        expect(await keep('admin', `select public.generate_monthly_invoices((${SP_TODAY} + interval '1 month')::date) as n`)).toEqual([{ n: 1 }]);
        expect((await refused('a', 'select public.generate_monthly_invoices()')).code).toBe('42501');
        expect((await refused('anon', 'select public.generate_monthly_invoices()')).code).toBe('42501');
      });
    });

    it('vencida é a palavra do banco: em aberto com vencimento antes de hoje em São Paulo; o job a marca', async () => {
      await inTransaction(async ({ keep, peek }) => {
        const db = getDb();
        const { rows } = await db.query(
          `insert into public.invoices (user_id, issue_date, due_date) values ($1, ${SP_TODAY} - 40, ${SP_TODAY} - 10) returning id, status`,
          [ID.userA],
        );
        expect(rows[0]!.status).toBe('overdue');
        const { rows: fresh } = await db.query(
          `insert into public.invoices (user_id, issue_date, due_date) values ($1, ${SP_TODAY} - 40, ${SP_TODAY} - 1) returning id`,
          [ID.userA],
        );
        // Time passes without writes: stored as open, the job turns it overdue and logs it.
        // Triggers off for this one write (ALTER TABLE would wait for the invoices' deferred notification triggers).
        await db.query(`set local session_replication_role = replica`);
        await db.query(`update public.invoices set status = 'open' where id = $1`, [fresh[0]!.id]);
        await db.query(`set local session_replication_role = origin`);
        await keep('admin', 'select public.generate_monthly_invoices()');
        expect(await peek('a', 'select status from public.invoices where id = $1', [fresh[0]!.id])).toEqual([{ status: 'overdue' }]);
        expect(await peek('admin', `select kind from public.activity_log where subject_id = $1 and kind = 'invoice_overdue'`, [fresh[0]!.id])).toHaveLength(1);
        // Moving the due date forward makes it open again.
        await keep('admin', `update public.invoices set due_date = ${SP_TODAY} + 3 where id = $1`, [rows[0]!.id]);
        expect(await peek('a', 'select status from public.invoices where id = $1', [rows[0]!.id])).toEqual([{ status: 'open' }]);
        const totals = await peek('a', 'select open_count::int, overdue_count::int from public.invoice_totals()');
        expect(totals).toEqual([{ open_count: 1, overdue_count: 1 }]);
        expect(await peek('b', 'select open_count::int, overdue_count::int from public.invoice_totals()')).toEqual([{ open_count: 0, overdue_count: 0 }]);
      });
    });

    it('fatura paga não muda mais; cancelada guarda número e motivo; tudo vai para a atividade', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        const inv = await issue(keep, [{ description: 'Consultoria', quantity: 1, unit_cents: 10000 }]);
        expect((await refused('admin', `update public.invoices set status = 'paid' where id = $1`, [inv.id])).message).toBe(
          'Informe a forma de pagamento (Pix, transferência, boleto ou outro).',
        );
        await keep('admin', `update public.invoices set status = 'paid', payment_method = 'transferencia', paid_at = now() - interval '1 day' where id = $1`, [inv.id]);
        const paidMsg = 'Esta fatura já foi paga e não pode mais ser alterada.';
        expect(await refused('admin', `update public.invoices set due_date = due_date + 1 where id = $1`, [inv.id])).toMatchObject({ code: '23514', message: paidMsg });
        expect((await refused('admin', `update public.invoices set status = 'cancelled', cancel_reason = 'x' where id = $1`, [inv.id])).message).toBe(paidMsg);
        expect((await refused('admin', `insert into public.invoice_items (invoice_id, description, unit_cents) values ($1, 'Mais', 1)`, [inv.id])).message).toBe(paidMsg);
        expect((await refused('admin', `delete from public.invoice_items where invoice_id = $1`, [inv.id])).message).toBe(paidMsg);
        await expect(asServiceRole(getDb(), `update public.invoices set status = 'open' where id = $1`, [inv.id])).rejects.toThrow(paidMsg);

        const other = await issue(keep, [{ description: 'Setup', quantity: 1, unit_cents: 5000 }]);
        expect((await refused('admin', `update public.invoices set status = 'cancelled' where id = $1`, [other.id])).message).toBe('Informe o motivo do cancelamento.');
        await keep('admin', `update public.invoices set status = 'cancelled', cancel_reason = '  Emitida em duplicidade  ' where id = $1`, [other.id]);
        expect(await peek('a', 'select number, status, cancel_reason from public.invoices where id = $1', [other.id])).toEqual([
          { number: other.number, status: 'cancelled', cancel_reason: 'Emitida em duplicidade' },
        ]);
        expect((await refused('admin', `update public.invoices set status = 'open' where id = $1`, [other.id])).message).toBe(
          'Esta fatura foi cancelada e não pode mais ser alterada.',
        );
        const log = await peek('admin', `select kind, label, detail from public.activity_log where subject_id = any($1::uuid[]) order by id`, [[inv.id, other.id]]);
        expect(log).toEqual([
          { kind: 'invoice_issued', label: inv.number, detail: null },
          { kind: 'invoice_paid', label: inv.number, detail: 'transferencia' },
          { kind: 'invoice_issued', label: other.number, detail: null },
          { kind: 'invoice_cancelled', label: other.number, detail: 'Emitida em duplicidade' },
        ]);
      });
    });

    it('editar uma fatura em aberto registra uma só entrada de atividade por vez', async () => {
      await inTransaction(async ({ keep, peek }) => {
        const inv = await issue(keep, [{ description: 'Item', quantity: 1, unit_cents: 100 }]);
        // The edit happens in a later transaction than the issue: make the invoice look older.
        await getDb().query(`set local session_replication_role = replica`);
        await getDb().query(`update public.invoices set created_at = now() - interval '1 hour' where id = $1`, [inv.id]);
        await getDb().query(`set local session_replication_role = origin`);
        await keep('admin', `select public.save_invoice($1, $2, null, ${SP_TODAY} + 20, $3::jsonb)`, [
          inv.id, ID.userA, JSON.stringify([{ description: 'Item A', quantity: 1, unit_cents: 300 }, { description: 'Item B', quantity: 2, unit_cents: 50 }]),
        ]);
        expect(await peek('a', 'select total_cents::int as t from public.invoices where id = $1', [inv.id])).toEqual([{ t: 400 }]);
        expect(await peek('admin', `select kind from public.activity_log where subject_id = $1 order by id`, [inv.id])).toEqual([
          { kind: 'invoice_issued' },
          { kind: 'invoice_updated' },
        ]);
      });
    });

    it('a chave Pix segue as regras do Banco Central (CPF, CNPJ, e-mail, celular +55, aleatória) e só a admin a muda', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        const set = (key: string) =>
          keep('admin', `update public.app_settings set pix_key = $1, pix_receiver_name = 'Agencia IA', pix_city = 'Sao Paulo' returning pix_key`, [key]);
        expect(await set('529.982.247-25')).toEqual([{ pix_key: '52998224725' }]);
        expect(await set('11.222.333/0001-81')).toEqual([{ pix_key: '11222333000181' }]);
        expect(await set('12ABC34501DE35')).toEqual([{ pix_key: '12ABC34501DE35' }]);
        expect(await set(' Financeiro@Agencia.com.br ')).toEqual([{ pix_key: 'financeiro@agencia.com.br' }]);
        expect(await set('+55 (11) 91234-5678')).toEqual([{ pix_key: '+5511912345678' }]);
        expect(await set('123E4567-E89B-42D3-A456-426614174000')).toEqual([{ pix_key: '123e4567-e89b-42d3-a456-426614174000' }]);
        for (const bad of ['529.982.247-24', '111.111.111-11', '11.222.333/0001-82', '+1 415 555 0100', '11912345678x', 'sem-arroba', '+55 11 1234-5678']) {
          const error = await refused('admin', `update public.app_settings set pix_key = $1, pix_receiver_name = 'A', pix_city = 'B'`, [bad]);
          expect(error.code, bad).toBe('23514');
          expect(error.message).toMatch(/^Chave Pix inválida/);
        }
        expect((await refused('admin', `update public.app_settings set pix_receiver_name = $1`, ['N'.repeat(26)])).message).toBe('O nome do recebedor pode ter no máximo 25 caracteres.');
        expect((await refused('admin', `update public.app_settings set billing_day = 31`)).code).toBe('23514');
        expect(await peek('a', `update public.app_settings set pix_key = 'golpe@exemplo.com.br' returning id`)).toEqual([]);
        expect(await peek('a', 'select pix_key from public.app_settings')).toEqual([{ pix_key: '123e4567-e89b-42d3-a456-426614174000' }]);
      });
    });

    it('a conciliação Pix paga a fatura quando o valor confere; divergência, txid desconhecido e repetição não mudam nada', async () => {
      await inTransaction(async ({ keep, peek, refused }) => {
        const db = getDb();
        const inv = await issue(keep, [{ description: 'Mensalidade', quantity: 1, unit_cents: 99900 }]);
        const notify = async (item: unknown) =>
          (await asServiceRole(db, 'select public.record_pix_payment($1::jsonb) as outcome', [JSON.stringify(item)]))[0]!.outcome;
        // Recorded for real within this transaction (asServiceRole rolls back its savepoint): use keep-like commits.
        const notifyKept = async (item: unknown) => {
          await db.query(`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
          try {
            return (await db.query('select public.record_pix_payment($1::jsonb) as outcome', [JSON.stringify(item)])).rows[0]!.outcome;
          } finally {
            await db.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`);
          }
        };
        const horario = '2026-11-20T14:30:00.000Z';
        expect(await notify({ endToEndId: 'E1', txid: inv.pix_txid, valor: '999.01', horario })).toBe('amount_mismatch');
        expect(await notify({ endToEndId: 'E2', txid: 'NAOEXISTE', valor: '999.00', horario })).toBe('unknown_txid');
        expect(await notify({ endToEndId: 'E3', txid: inv.pix_txid, valor: '999', horario })).toBe('invalid');
        expect(await notifyKept({ endToEndId: 'E9', txid: inv.pix_txid, valor: '999.01', horario })).toBe('amount_mismatch');
        expect(await peek('a', 'select status from public.invoices where id = $1', [inv.id])).toEqual([{ status: 'open' }]);
        expect(await notifyKept({ endToEndId: 'E4', txid: inv.pix_txid, valor: '999.00', horario })).toBe('paid');
        expect(await peek('a', 'select status, payment_method, paid_at from public.invoices where id = $1', [inv.id])).toEqual([
          { status: 'paid', payment_method: 'pix', paid_at: new Date(horario) },
        ]);
        // The bank retries the same notification: nothing changes, staff see it.
        expect(await notifyKept({ endToEndId: 'E4', txid: inv.pix_txid, valor: '999.00', horario })).toBe('replay');
        expect(await notifyKept({ endToEndId: 'E5', txid: inv.pix_txid, valor: '999.00', horario })).toBe('not_payable');
        expect(await peek('admin', 'select outcome from public.pix_notifications where invoice_id = $1 order by received_at, outcome', [inv.id]))
          .toHaveLength(4);
        expect(await peek('admin', `select detail from public.activity_log where kind = 'pix_payment_rejected' and label = $1 order by id`, [inv.number]))
          .toEqual([{ detail: 'amount_mismatch' }, { detail: 'replay' }, { detail: 'not_payable' }]);
        expect(await peek('a', 'select id from public.pix_notifications')).toEqual([]);
        expect((await refused('admin', `select public.record_pix_payment('{}')`)).code).toBe('42501');
        expect((await refused('a', `select public.record_pix_payment('{}')`)).code).toBe('42501');
      });
    });

    it('o visitante anônimo não chama as funções de faturas', async () => {
      expect((await refusal('anon', 'select * from public.invoice_totals()')).code).toBe('42501');
      expect(await run('b', 'select open_cents::int from public.invoice_totals()')).toEqual([{ open_cents: 0 }]);
    });
  });
}
