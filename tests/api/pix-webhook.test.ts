// The pix-webhook Edge Function receives the bank's notification in the Central Bank's format and pays the invoice
// whose txid and amount match; a wrong secret, a mismatch, an unknown txid or a replay change nothing. billing-job runs
// the month's invoices for the schedule's service role and admins only. `pix:simulate` plays the bank.
// The project's own functions run from a copy with a test secret in its .env (the real .env stays untouched).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../scripts/pix-simulate.ts';
import { ROOT } from './child-backend.ts';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

const SECRET = 'segredo-do-banco-de-teste';
const FUNCTIONS = fs.mkdtempSync(path.join(ROOT, 'node_modules/.cache/pix-webhook-test-'));
let sb: TestBackend;
let client: TestUser;
let invoice: { id: string; number: string; pix_txid: string; total_cents: number };

const post = (body: unknown, headers: Record<string, string> = { 'x-pix-webhook-secret': SECRET }) =>
  fetch(`${sb.url}/functions/v1/pix-webhook/pix`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function statusOf(id: string) {
  const { data } = await sb.serviceClient().from('invoices').select('status, payment_method').eq('id', id).single();
  return data;
}

async function newInvoice(cents: number) {
  const { data, error } = await sb.serviceClient().rpc('save_invoice', {
    invoice_id: crypto.randomUUID(), client_id: client.id, project: null as unknown as string,
    due: new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10),
    items: [{ description: 'Mensalidade', quantity: 1, unit_cents: cents }],
  }).single();
  if (error) throw error;
  return data as typeof invoice;
}

beforeAll(async () => {
  for (const name of ['pix-webhook', 'billing-job']) {
    fs.cpSync(path.join(ROOT, 'supabase/functions', name), path.join(FUNCTIONS, name), { recursive: true });
  }
  fs.writeFileSync(path.join(FUNCTIONS, '.env'), `PIX_WEBHOOK_SECRET=${SECRET}\n`);
  sb = await startTestBackend({ functionsDir: FUNCTIONS, configFile: path.join(ROOT, 'supabase/config.toml'), schedulesFile: null });
  client = await sb.createConfirmedUser({ name: 'Cliente Pix' });
  invoice = await newInvoice(49900);
});
afterAll(async () => {
  await sb?.stop();
  fs.rmSync(FUNCTIONS, { recursive: true, force: true });
});

describe('pix-webhook', () => {
  it('refuses a call without the secret or with a wrong one, and a body that is not a Pix notification', async () => {
    const item = { endToEndId: 'E1', txid: invoice.pix_txid, valor: '499.00', horario: new Date().toISOString() };
    expect((await post({ pix: [item] }, {})).status).toBe(401);
    expect((await post({ pix: [item] }, { 'x-pix-webhook-secret': 'outro' })).status).toBe(401);
    expect((await post('não é json')).status).toBe(400);
    expect((await post({ pagamentos: [] })).status).toBe(400);
    expect((await fetch(`${sb.url}/functions/v1/pix-webhook`)).status).toBe(405);
    expect(await statusOf(invoice.id)).toEqual({ status: 'open', payment_method: null });
  });

  it('pays the invoice when txid and amount match; mismatch, unknown txid and replay change nothing', async () => {
    const at = new Date().toISOString();
    const res = await post({
      pix: [
        { endToEndId: 'E-DIVERGE', txid: invoice.pix_txid, valor: '498.99', horario: at },
        { endToEndId: 'E-DESCONHECIDO', txid: 'TXIDQUENAOEXISTE', valor: '499.00', horario: at },
      ],
    });
    expect(res.status).toBe(200);
    expect((await res.json()).resultados.map((r: { resultado: string }) => r.resultado)).toEqual(['amount_mismatch', 'unknown_txid']);
    expect(await statusOf(invoice.id)).toEqual({ status: 'open', payment_method: null });

    // The secret may also travel in the URL, for banks that only register an address.
    const paid = await fetch(`${sb.url}/functions/v1/pix-webhook/pix?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: 'E-PAGO', txid: invoice.pix_txid, valor: '499.00', horario: at, infoPagador: 'ok' }] }),
    });
    expect((await paid.json()).resultados[0].resultado).toBe('paid');
    expect(await statusOf(invoice.id)).toEqual({ status: 'paid', payment_method: 'pix' });

    const replay = await post({ pix: [{ endToEndId: 'E-PAGO', txid: invoice.pix_txid, valor: '499.00', horario: at }] });
    expect((await replay.json()).resultados[0].resultado).toBe('replay');
    const { data: log } = await sb.serviceClient().from('pix_notifications').select('outcome').order('received_at');
    expect(log!.map((r) => r.outcome)).toEqual(['amount_mismatch', 'unknown_txid', 'paid', 'replay']);
  });

  it('pix:simulate plays the bank with the invoice own amount, or the one asked', async () => {
    const other = await newInvoice(12345);
    const target = { url: sb.url, secretKey: sb.secretKey };
    const wrong = await simulate(target, { invoice: other.number, amountCents: 100 }, SECRET);
    expect(wrong).toMatchObject({ number: other.number, valor: '1.00', status: 200 });
    expect((wrong.answer as { resultados: { resultado: string }[] }).resultados[0]!.resultado).toBe('amount_mismatch');
    const right = await simulate(target, { invoice: other.id, amountCents: null }, SECRET);
    expect(right.valor).toBe('123.45');
    expect((right.answer as { resultados: { resultado: string }[] }).resultados[0]!.resultado).toBe('paid');
    expect(await statusOf(other.id)).toEqual({ status: 'paid', payment_method: 'pix' });
  });
});

describe('billing-job', () => {
  it('runs the month for the service role (the schedule) and admins, never for a client', async () => {
    const asService = await fetch(`${sb.url}/functions/v1/billing-job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(asService.status).toBe(200);
    expect(await asService.json()).toEqual({ faturas_emitidas: expect.any(Number) });
    const signed = await sb.signedInClient(client.email, client.password);
    const { data: session } = await signed.auth.getSession();
    const asClient = await fetch(`${sb.url}/functions/v1/billing-job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.session!.access_token}` },
    });
    expect(asClient.status).toBe(403);
  });
});
