// The invoices part of `npm run bench:scale`: the demo client's invoices topped up to each size, and the requests the
// invoice screens make, as src/lib/data/invoices.ts builds them: the client's 'Faturas' (first page and the totals)
// and the admin's billing desk (first page, filtered by status and by client, and the totals), RLS applying.
// The invoices are an agency's history: nearly all paid (one a day going back), a few cancelled, and the pending ones
// (open, overdue) a small set, as they are in a billing system that is used. They are written straight in SQL as the
// database owner with triggers off (numbers, txids and totals given here), so no notification or e-mail is made.
import type { PGlite } from '@electric-sql/pglite';
import type { SupabaseClient } from '@supabase/supabase-js';

const PAGE = 50;
/** How many invoices are pending (open or overdue) at every size. */
const PENDING = 40;

type Answer = { error: { message: string } | null };

export const INVOICE_LIST_COLUMNS =
  '*, client:profiles!invoices_user_id_fkey(full_name,email), project:projects!invoices_project_id_fkey(title)';

const page = (db: SupabaseClient) =>
  db.from('invoices').select(INVOICE_LIST_COLUMNS).order('issue_date', { ascending: false }).order('number', { ascending: false });

/** The client's requests (signed in as the client). */
export const CLIENT_INVOICE_QUERIES: Record<string, (db: SupabaseClient) => PromiseLike<Answer>> = {
  'faturas: página 1': (db) => page(db).range(0, PAGE),
  'faturas: totais (rpc)': (db) => db.rpc('invoice_totals').single(),
};

/** The billing desk's requests (signed in as the admin); `clientId` is the client whose invoices were seeded. */
export function adminInvoiceQueries(clientId: string): Record<string, (admin: SupabaseClient) => PromiseLike<Answer>> {
  return {
    'cobrança: faturas, página 1': (admin) => page(admin).range(0, PAGE),
    'cobrança: faturas vencidas': (admin) => page(admin).eq('status', 'overdue').range(0, PAGE),
    'cobrança: faturas do cliente': (admin) => page(admin).eq('user_id', clientId).range(0, PAGE),
    'cobrança: totais (rpc)': (admin) => admin.rpc('invoice_totals').single(),
  };
}

/** Tops the client's invoices (one item each) up to `size`, newest first by issue date. */
export async function seedInvoices(pg: PGlite, clientId: string, size: number): Promise<void> {
  const have = Number((await pg.query<{ n: number }>('select count(*)::int as n from public.invoices where user_id = $1', [clientId])).rows[0].n);
  if (have >= size) return;
  await pg.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    // g = 1 is the newest. The PENDING newest are unpaid (every fourth of them overdue); one in fifty is cancelled;
    // the rest were paid a few days after issue. Issue dates go back one day per invoice, by hour past 3,000 days.
    await tx.query(
      `with g as (
         select g, (current_date - (case when g <= 3000 then g else 3000 end) * interval '1 day' - (g / 3000) * interval '1 hour')::date as issued
         from generate_series($2::int, $3::int) g
       )
       insert into public.invoices (id, number, user_id, issue_date, due_date, total_cents, status, paid_at, payment_method,
                                    pix_txid, cancel_reason, created_at, updated_at)
       select gen_random_uuid(), 'E' || lpad(g::text, 7, '0'), $1, issued,
              case when g > $4 then issued + 10 when g % 4 = 0 then current_date - 1 else current_date + 10 end,
              49900 + (g % 7) * 10000,
              case when g <= $4 then (case when g % 4 = 0 then 'overdue' else 'open' end)
                   when g % 50 = 0 then 'cancelled' else 'paid' end,
              case when g > $4 and g % 50 <> 0 then issued + interval '3 days 10 hours' end,
              case when g > $4 and g % 50 <> 0 then (array['pix', 'transferencia', 'boleto'])[1 + g % 3] end,
              upper(left(replace(gen_random_uuid()::text, '-', ''), 25)),
              case when g > $4 and g % 50 = 0 then 'Cancelada no teste de escala' end,
              issued, issued
       from g`,
      [clientId, have + 1, size, PENDING],
    );
    await tx.query(
      `insert into public.invoice_items (invoice_id, position, description, quantity, unit_cents)
       select i.id, 1, 'Mensalidade de escala ' || i.number, 1, i.total_cents
       from public.invoices i
       where i.user_id = $1 and i.number like 'E%' and not exists (select 1 from public.invoice_items it where it.invoice_id = i.id)`,
      [clientId],
    );
  });
  for (const table of ['invoices', 'invoice_items']) await pg.exec(`vacuum analyze public.${table}`);
}
