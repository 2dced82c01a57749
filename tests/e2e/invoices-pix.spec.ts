// The whole billing loop on one machine: the admin sets the Pix key; the month's job gives a project in progress its
// invoice (run twice: still one); the client opens it, sees the QR code and copies the BR Code; `npm run pix:simulate`
// plays the bank's notification and the invoice shows paid on both sides without a reload (the client's invoice page,
// list and sidebar amount; the admin's billing desk); another client sees none of it, on screen or through the API.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseBrCode } from '../../src/lib/domain/brcode';
import { anonClient, createConfirmedUser, e2eEnv, expect, loginAs, serviceClient, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const run = promisify(execFile);

test('Pix de ponta a ponta: chave, fatura do mês (uma só), QR e Copia e Cola, pagamento simulado, e nada para outro cliente', async ({ page, context, browser }) => {
  const env = e2eEnv();
  const ana = await createConfirmedUser({ name: 'Ana Pagadora' });
  const bruno = await createConfirmedUser({ name: 'Bruno Sem Faturas' });
  const { data: project, error } = await serviceClient()
    .from('projects')
    .insert({ user_id: ana.id, title: 'Assistente de Vendas', plan: 'essential', status: 'in-progress', progress: 10 })
    .select('id')
    .single();
  if (error) throw new Error(error.message);

  // The admin sets the agency's Pix data in Settings > Faturamento.
  await loginAs(page, 'admin', '/admin/settings');
  await page.getByRole('tab', { name: 'Faturamento' }).click();
  await page.getByLabel('Chave Pix').fill('529.982.247-24');
  await page.getByLabel('Nome do recebedor').fill('Agência IA');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByRole('button', { name: 'Salvar faturamento' }).click();
  await expect(page.getByText(/^Chave Pix inválida/).first()).toBeVisible();
  await expect(page.getByLabel('Nome do recebedor')).toHaveValue('Agência IA');
  await page.getByLabel('Chave Pix').fill('529.982.247-25');
  await expect(page.getByText('Tipo: CPF.')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar faturamento' }).click();
  await expect(page.getByText('Dados de faturamento salvos', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Chave Pix')).toHaveValue('52998224725');

  // The month's job, twice: one invoice for the project.
  await page.goto('/admin/billing');
  const generate = page.getByRole('button', { name: 'Gerar faturas do mês' });
  await generate.click();
  await expect(page.getByText(/faturas? emitidas?|Nenhuma fatura nova/).first()).toBeVisible();
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByText('Nenhuma fatura nova', { exact: true })).toBeVisible();
  const { data: invoices } = await serviceClient().from('invoices').select('id, number, total_cents, status, pix_txid').eq('project_id', project.id);
  expect(invoices).toHaveLength(1);
  const invoice = invoices![0]!;
  expect(invoice).toMatchObject({ total_cents: 49900, status: 'open' });
  await page.getByLabel('Cliente').selectOption({ label: 'Ana Pagadora' });
  const adminRow = page.getByTestId('invoice-row').filter({ hasText: invoice.number });
  await expect(adminRow.getByTestId('invoice-status')).toHaveText('Aberta');
  await expect(adminRow).toContainText('R$ 499,00');

  // The client: the sidebar shows what is owed; the list and the invoice with its Pix.
  await context.clearCookies();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, ana, '/dashboard');
  await expect(page.getByTestId('invoice-due')).toContainText('Em aberto: R$ 499,00');
  const nav = page.getByRole('complementary', { name: 'Menu do cliente' });
  const navLink = nav.getByRole('link', { name: /^Faturas/ });
  await expect(navLink).toContainText('R$ 499,00');
  await navLink.click();
  await expect(page).toHaveURL(/\/invoices$/);
  const row = page.getByTestId('invoice-row').filter({ hasText: invoice.number });
  await expect(row.getByTestId('invoice-status')).toHaveText('Aberta');
  await row.getByRole('link', { name: invoice.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Fatura ${invoice.number}` })).toBeVisible();
  await expect(page.getByTestId('invoice-item')).toContainText('Pacote Essencial IA');
  await expect(page.getByTestId('invoice-total')).toHaveText('R$ 499,00');
  await expect(page.getByTestId('pix-qr')).toBeVisible();
  await page.getByTestId('pix-copy').click();
  await expect(page.getByText('Código copiado!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(parseBrCode(copied)).toEqual({ pixKey: '52998224725', amountCents: 49900, txid: invoice.pix_txid, receiverName: 'AGENCIA IA', city: 'SAO PAULO' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  // Side by side, without reloading from here on: the client's list in a second tab, the admin's billing desk.
  const list = await context.newPage();
  await list.goto('/invoices');
  const listRow = list.getByTestId('invoice-row').filter({ hasText: invoice.number });
  await expect(listRow.getByTestId('invoice-status')).toHaveText('Aberta');
  const staffCtx = await browser.newContext({ baseURL: env.baseURL });
  const desk = await staffCtx.newPage();
  await loginAs(desk, 'admin', '/admin/billing');
  await desk.getByLabel('Cliente').selectOption({ label: 'Ana Pagadora' });
  const deskRow = desk.getByTestId('invoice-row').filter({ hasText: invoice.number });
  await expect(deskRow.getByTestId('invoice-status')).toHaveText('Aberta');
  await expect(desk.getByTestId('invoice-desk-totals')).not.toContainText('…');
  const received = (await desk.getByTestId('invoice-desk-totals').textContent()) ?? '';

  // The bank's notification, played by the script.
  const simulateEnv = { ...process.env, SUPABASE_URL: env.apiUrl, SUPABASE_SECRET_KEY: env.secretKey };
  const wrong = await run('npx', ['tsx', 'scripts/pix-simulate.ts', invoice.number, '--amount', '10.00'], { env: simulateEnv });
  expect(wrong.stdout).toContain('valor diferente do total: nada mudou');
  const paid = await run('npx', ['tsx', 'scripts/pix-simulate.ts', invoice.number], { env: simulateEnv });
  expect(paid.stdout).toContain(`Fatura ${invoice.number}`);
  expect(paid.stdout).toContain('fatura paga');

  // Paid everywhere, live: the invoice page drops the Pix, the list and the sidebar follow, the desk too.
  await expect(page.getByTestId('invoice-status')).toHaveText('Paga', { timeout: 3000 });
  await expect(page.getByTestId('pix-payment')).toHaveCount(0);
  await expect(page.getByText(/Pix em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Menu do cliente' }).getByRole('link', { name: /^Faturas/ })).not.toContainText('R$');
  await expect(listRow.getByTestId('invoice-status')).toHaveText('Paga', { timeout: 3000 });
  await expect(list.getByTestId('invoice-totals')).toContainText('R$ 0,00');
  await expect(deskRow.getByTestId('invoice-status')).toHaveText('Paga', { timeout: 3000 });
  await expect(desk.getByTestId('invoice-desk-totals')).not.toHaveText(received);
  await staffCtx.close();
  await list.close();

  // Another client sees none of it: the list, the invoice's address, the API.
  await context.clearCookies();
  await loginAs(page, bruno, '/invoices');
  await expect(page.getByText('Você ainda não tem faturas.')).toBeVisible();
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { name: 'Fatura não encontrada' })).toBeVisible();
  const api = anonClient();
  await api.auth.signInWithPassword({ email: bruno.email, password: bruno.password });
  expect((await api.from('invoices').select('id')).data).toEqual([]);
  expect((await api.from('invoice_items').select('id')).data).toEqual([]);
  expect((await api.from('invoices').update({ status: 'cancelled', cancel_reason: 'x' }).eq('id', invoice.id).select('id')).data).toEqual([]);
});
