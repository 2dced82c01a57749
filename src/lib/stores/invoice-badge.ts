// The client's invoice totals, read once per page after the screen's first data: the sidebar's 'Faturas' entry shows
// the amount owed (open and overdue, in BRL; no badge when nothing is owed) and the dashboard its 'Em aberto' line,
// both from this one read. The sidebar's live channel reads it again when the user's invoices change.
import { atom, computed } from 'nanostores';
import type { InvoiceTotals } from '../data/invoices';
import { whenFirstDataIn } from '../data/supabase';
import { formatCents } from '../domain/invoice-rules';

/** The totals as last read; null before the first read or when it failed. */
export const $invoiceTotals = atom<InvoiceTotals | null>(null);

/** The open amount as shown ('R$ 499,00'); null when nothing is owed or it could not be read. */
export const $invoiceBadge = computed($invoiceTotals, (totals) => {
  const owed = totals ? totals.open_cents + totals.overdue_cents : 0;
  return owed > 0 ? formatCents(owed) : null;
});

let generation = 0;

export async function refreshInvoiceBadge(): Promise<void> {
  const gen = ++generation;
  try {
    const totals = await (await import('../data/invoices')).getInvoiceTotals();
    if (gen === generation) $invoiceTotals.set(totals);
  } catch {
    if (gen === generation) $invoiceTotals.set(null);
  }
}

/** The first read of the page, once the screen's first data is in; later calls (another reader) read nothing more. */
export async function readInvoiceBadgeAfterFirstView(): Promise<void> {
  await whenFirstDataIn(3000);
  if (generation === 0) await refreshInvoiceBadge();
}
