// A new client's CRM from empty: add a contact (the form, its rules, 'Cliente cadastrado(a)!'), view it, edit it (a
// concurrent edit is refused, the draft survives a reload), delete it after the confirmation dialog; the status cards
// follow every step.
import type { Page } from '@playwright/test';
import { expect, serviceClient, test } from './fixtures';
import { failOnUnexpectedDialogs, freshUser, signIn } from './crm-helpers';

test.describe.configure({ timeout: 90_000 });

const card = (page: Page, status: string) => page.locator(`li[data-status-card="${status}"]`);

test('um cliente novo adiciona, vê, edita (com edição concorrente) e exclui um contato; os cartões acompanham', async ({ page }) => {
  const owner = await freshUser('crm-form');
  await signIn(page, owner, '/my-clients');
  await expect(page.getByText('Você ainda não cadastrou clientes.')).toBeVisible();
  await page.getByRole('link', { name: 'Adicionar Cliente' }).click();

  // Add: the required fields and the phone rule, with the admin form's messages.
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar Novo Cliente' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('lead');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText('Nome completo e email são obrigatórios.')).toBeVisible();
  await expect(page.getByText('Informe o nome completo.')).toBeVisible();
  await page.getByLabel('Nome Completo *').fill('Rafaela Dias');
  await page.getByLabel('E-mail *').fill('rafaela@diasconsultoria.com.br');
  await page.getByLabel('Telefone').fill('11.98765.4321');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText('Use apenas números, espaços e + ( ) -, com 7 a 20 caracteres.').first()).toBeVisible();
  await page.getByLabel('Telefone').fill('(11) 98765-4321');
  await page.getByLabel('Empresa').fill('Dias Consultoria');
  await page.getByLabel('Origem').selectOption({ label: 'Indicação' });
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page).toHaveURL(/\/my-clients\/?$/);
  await expect(page.getByText('Cliente cadastrado(a)!')).toBeVisible();
  await expect(card(page, 'lead')).toContainText('1');
  const { data: rows } = await serviceClient().from('clients').select('*').eq('owner_user_id', owner.id);
  expect(rows).toHaveLength(1);
  expect(rows![0]).toMatchObject({ full_name: 'Rafaela Dias', phone: '(11) 98765-4321', source: 'referral', status: 'lead' });
  const id = rows![0]!.id;

  // View: contact links, status, source, dates.
  await page.getByRole('button', { name: 'Ações para Rafaela Dias' }).click();
  await page.getByRole('menuitem', { name: 'Ver Detalhes' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-clients/${id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'rafaela@diasconsultoria.com.br' })).toHaveAttribute('href', 'mailto:rafaela@diasconsultoria.com.br');
  await expect(page.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'tel:11987654321');
  await expect(page.getByText('Indicação')).toBeVisible();
  await expect(page.getByText('Criado em')).toBeVisible();
  await expect(page.getByText('Gerente de Conta')).toHaveCount(0);

  // Edit: a change made elsewhere after the form loaded is refused, the typed values stay (also across a reload).
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-clients/edit/${id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByLabel('Nome Completo *')).toHaveValue('Rafaela Dias');
  await expect(page.getByLabel('Gerente de conta')).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Ativo' });
  await page.getByLabel('Empresa').fill('Dias & Filhos');
  await page.reload();
  await expect(page.getByText('Recuperamos os dados que você tinha digitado neste formulário.')).toBeVisible();
  await expect(page.getByLabel('Empresa')).toHaveValue('Dias & Filhos');
  await serviceClient().from('clients').update({ phone: '(11) 3333-0000' }).eq('id', id);
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Este cliente foi alterado em outra aba ou por outra pessoa' }).first()).toBeVisible();
  expect((await serviceClient().from('clients').select('company_name').eq('id', id).single()).data?.company_name).toBe('Dias Consultoria');
  await page.getByRole('button', { name: 'Recarregar versão atual' }).click();
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-clients/${id}/?$`));
  await expect(page.getByText('Cadastro atualizado!')).toBeVisible();
  await expect(page.getByText('Dias & Filhos').first()).toBeVisible();
  await page.goto('/my-clients');
  await expect(card(page, 'active')).toContainText('1');
  await expect(card(page, 'lead')).toContainText('0');

  // Delete from the detail, with the list's confirmation dialog: cancelling keeps it, confirming deletes it.
  await page.goto(`/my-clients/${id}`);
  const question = 'Tem certeza que deseja excluir o cliente "Rafaela Dias"? Esta ação não pode ser desfeita.';
  const confirm = page.getByRole('alertdialog');
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(confirm.getByText(question)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-clients/${id}/?$`));
  await page.getByRole('button', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(/\/my-clients\/?$/);
  await expect(page.getByText('Cliente excluído')).toBeVisible();
  await expect(card(page, 'active')).toContainText('0');
  expect((await serviceClient().from('clients').select('id').eq('id', id)).data).toEqual([]);
});

test('uma gravação que falha mantém o formulário e tentar de novo não duplica o contato', async ({ page }) => {
  const owner = await freshUser('crm-retry');
  const dialogs = failOnUnexpectedDialogs(page);
  await signIn(page, owner, '/my-clients/new');
  await page.getByLabel('Nome Completo *').fill('Contato Retry');
  await page.getByLabel('E-mail *').fill('retry@contato.com.br');
  // The insert reaches the server but its answer is lost.
  await page.route('**/rest/v1/clients**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await route.abort('failed');
  });
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText(/Não foi possível salvar o novo cliente\..*mantidos/).first()).toBeVisible();
  await expect(page.getByLabel('Nome Completo *')).toHaveValue('Contato Retry');
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page).toHaveURL(/\/my-clients\/?$/);
  const { data } = await serviceClient().from('clients').select('id, owner_user_id').eq('email', 'retry@contato.com.br');
  expect(data).toEqual([{ id: expect.any(String), owner_user_id: owner.id }]);
  expect(dialogs.fired).toEqual([]);
});

test('um contato de outro cliente não abre nem no detalhe nem na edição', async ({ page }) => {
  const other = await freshUser('crm-alheio');
  const { data: contact } = await serviceClient()
    .from('clients')
    .insert({ full_name: 'Contato Alheio', email: 'alheio@x.com.br', owner_user_id: other.id })
    .select('id')
    .single();
  const me = await freshUser('crm-curioso');
  await signIn(page, me, `/my-clients/${contact!.id}`);
  await expect(page.getByRole('heading', { name: 'Cliente não encontrado.' })).toBeVisible();
  await page.goto(`/my-clients/edit/${contact!.id}`);
  await expect(page.getByRole('heading', { name: 'Cliente não encontrado.' })).toBeVisible();
  await expect(page.getByText('Contato Alheio')).toHaveCount(0);
});
