// Live invoices through supabase-js `channel()` against local Supabase with the project's migrations: an invoice issued,
// edited and paid reaches its client and the staff within a second, and never another client (row-level security is
// applied to every delivery).
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { Recorder, signedInLiveClient, sleep, subscribed } from './realtime-support.ts';

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

let sb: TestBackend;
let ana: TestUser;
let bruno: TestUser;
let staff: TestUser;
const clients: SupabaseClient[] = [];

async function watchInvoices(user: TestUser, filter?: string) {
  const c = await signedInLiveClient(sb.url, sb.publishableKey, user.email, user.password);
  clients.push(c);
  const rec = new Recorder<Change>();
  const channel = c
    .channel(`inv-${randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'invoices', ...(filter ? { filter } : {}) } as never, (p: Change) => rec.push(p));
  await subscribed(channel);
  return { rec, client: c };
}

beforeAll(async () => {
  sb = await startTestBackend();
  ana = await sb.createConfirmedUser({ name: 'Ana Fatura Viva' });
  bruno = await sb.createConfirmedUser({ name: 'Bruno Outro Cliente' });
  staff = await sb.createConfirmedUser({ name: 'Diana Financeiro', appMetadata: { role: 'admin' } });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await sb?.stop();
});

describe('invoices on Realtime', () => {
  it('are in the supabase_realtime publication', async () => {
    const { rows } = await sb.pg.query(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'invoices'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('deliver an issue, an edit and a Pix payment to the client and the staff within a second, and nothing to another client', async () => {
    const [wAna, wBruno, wStaff, wAnaFiltered] = await Promise.all([
      watchInvoices(ana),
      watchInvoices(bruno),
      watchInvoices(staff),
      watchInvoices(ana, `user_id=eq.${ana.id}`),
    ]);
    const id = randomUUID();
    const due = new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10);
    const admin = await sb.signedInClient(staff.email, staff.password);
    const issued = await admin
      .rpc('save_invoice', { invoice_id: id, client_id: ana.id, project: null, due, items: [{ description: 'Setup', quantity: 1, unit_cents: 150000 }] })
      .single();
    expect(issued.error).toBeNull();
    const seen = await wAna.rec.next((c) => c.new.id === id && c.new.total_cents === 150000);
    expect(seen.new).toMatchObject({ user_id: ana.id, status: 'open' });
    await wStaff.rec.next((c) => c.new.id === id);
    await wAnaFiltered.rec.next((c) => c.new.id === id);

    // An edit (new amount) and the payment as the bank's notification makes it (service role).
    const edited = await admin
      .rpc('save_invoice', { invoice_id: id, client_id: ana.id, project: null, due, items: [{ description: 'Setup', quantity: 2, unit_cents: 100000 }] })
      .single();
    expect(edited.error).toBeNull();
    await wAna.rec.next((c) => c.new.id === id && c.new.total_cents === 200000);
    const paid = await sb.serviceClient().from('invoices').update({ status: 'paid', payment_method: 'pix', paid_at: new Date().toISOString() }).eq('id', id);
    expect(paid.error).toBeNull();
    const paidChange = await wAna.rec.next((c) => c.new.id === id && c.new.status === 'paid');
    expect(paidChange.eventType).toBe('UPDATE');
    await wStaff.rec.next((c) => c.new.id === id && c.new.status === 'paid');
    await wAnaFiltered.rec.next((c) => c.new.id === id && c.new.status === 'paid');

    await sleep(300);
    expect(wBruno.rec.items).toEqual([]);
  });

  it('give a client filtering on another client\'s id nothing', async () => {
    const spy = await watchInvoices(bruno, `user_id=eq.${ana.id}`);
    const admin = await sb.signedInClient(staff.email, staff.password);
    const id = randomUUID();
    const due = new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10);
    await admin.rpc('save_invoice', { invoice_id: id, client_id: ana.id, project: null, due, items: [{ description: 'Horas extras', quantity: 3, unit_cents: 20000 }] }).single();
    await sleep(500);
    expect(spy.rec.items).toEqual([]);
  });
});
