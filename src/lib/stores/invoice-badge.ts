// The amount on the client's sidebar entry 'Faturas': what is open or overdue, in BRL (no badge when nothing is owed).
// Read once the screen's first data is in, like the support count; the invoice screens refresh it.
import { atom } from 'nanostores';
import { whenFirstDataIn } from '../data/supabase';
import { formatCents } from '../domain/invoice-rules';

/** The open amount as shown ('R$ 499,00'); null when nothing is owed or it could not be read. */
export const $invoiceBadge = atom<string | null>(null);

let generation = 0;

export async function refreshInvoiceBadge(): Promise<void> {
  const gen = ++generation;
  try {
    const totals = await (await import('../data/invoices')).getInvoiceTotals();
    const owed = totals.open_cents + totals.overdue_cents;
    if (gen === generation) $invoiceBadge.set(owed > 0 ? formatCents(owed) : null);
  } catch {
    if (gen === generation) $invoiceBadge.set(null);
  }
}

export async function readInvoiceBadgeAfterFirstView(): Promise<void> {
  await whenFirstDataIn(3000);
  if (generation === 0) await refreshInvoiceBadge();
}
