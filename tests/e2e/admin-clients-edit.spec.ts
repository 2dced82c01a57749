// The agency's clients beyond the list: a visitor who registers appears once their e-mail is confirmed, not before; the admin edits (the form filled in,
// 'Gerente de conta', concurrent edits) and deletes from the list and from the detail; the detail lists the portal
// account's projects and tickets; an admin who signs in lands on the console.
import type { Page } from '@playwright/test';
import { test, expect, loginAs, serviceClient, createConfirmedUser, DEMO } from './fixtures';
import { seedProjects, seedTickets } from './projects-helpers';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { CONFIRM_LINK, waitForLink } from './public-helpers';

test.describe.configure({ timeout: 60_000 });

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function agencyLead(name: string) {
  const { data, error } = await serviceClient()
    .from('clients')
    .insert({ full_name: name, email: `${uid()}@exemplo.com.br`, phone: '(11) 98888-7777', status: 'lead' })
    .select('id, email, updated_at')
    .single();
  if (error) throw error;
  return data;
}

const items = (page: Page) => page.getByTestId('admin-client').filter({ visible: true });
const dbClient = async (id: string) => (await serviceClient().from('clients').select('*').eq('id', id).maybeSingle()).data;

test('um visitante que se cadastra aparece em "Gestão de Clientes" quando confirma o e-mail, marcado com conta no portal', async ({ page, browser }) => {
  const tag = uid();
  const email = `visitante-${tag}@exemplo.com.br`;
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill(`Visitante ${tag}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await page.getByLabel('Confirmar senha').fill('senha-forte-1');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifique seu Email' })).toBeVisible();

  await loginAs(page, 'admin', '/admin/clients');
  const row = items(page).filter({ hasText: email });
  // Unconfirmed, the sign-up is invisible to the agency.
  await page.getByLabel('Buscar clientes').fill(tag);
  await expect(page.getByText('Nenhum cliente corresponde à busca.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const visitor = await browser.newContext();
  const confirmPage = await visitor.newPage();
  await confirmPage.goto(await waitForLink(email, CONFIRM_LINK));
  await expect(confirmPage.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
  await visitor.close();

  await page.reload();
  await page.getByLabel('Buscar clientes').fill(tag);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Visitante ${tag}`);
  await expect(row).toContainText('Conta no portal');
  await expect(row).toContainText('Lead');
  // A lead added by the team has no such mark.
  const lead = await agencyLead(`Lead Sem Conta ${tag}`);
  await page.reload();
  await expect(items(page).filter({ hasText: `Lead Sem Conta ${tag}` })).not.toContainText('Conta no portal');
  await serviceClient().from('clients').delete().eq('id', lead.id);
});

test('editar na lista abre o formulário preenchido, com "Gerente de conta" só da equipe; salvar mostra "Cadastro atualizado!"', async ({ page }) => {
  const tag = uid();
  const lead = await agencyLead(`Editar Lista ${tag}`);
  await loginAs(page, 'admin', '/admin/clients');
  await page.getByLabel('Buscar clientes').fill(tag);
  await page.getByRole('link', { name: `Editar Editar Lista ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/edit/${lead.id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByLabel('Nome Completo *')).toHaveValue(`Editar Lista ${tag}`);
  await expect(page.getByLabel('E-mail *')).toHaveValue(lead.email);
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98888-7777');
  await expect(page.getByLabel('Status')).toHaveValue('lead');
  const manager = page.getByLabel('Gerente de conta');
  await expect(manager.locator('option', { hasText: DEMO.admin.name })).toHaveCount(1);
  await expect(manager.locator('option', { hasText: DEMO.client.name })).toHaveCount(0);

  await page.getByLabel('Nome Completo *').fill(`Editado ${tag}`);
  await page.getByLabel('Status').selectOption({ label: 'Ativo' });
  await manager.selectOption({ label: DEMO.admin.name });
  await page.getByLabel('Notas internas').fill('Fechou contrato.');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/clients/${lead.id}/?$`));
  await expect(page.getByText('Cadastro atualizado!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Editado ${tag}` })).toBeVisible();
  await expect(page.getByText('Fechou contrato.')).toBeVisible();
  expect(await dbClient(lead.id)).toMatchObject({ full_name: `Editado ${tag}`, status: 'active', admin_notes: 'Fechou contrato.', owner_user_id: null });
  expect((await dbClient(lead.id))?.account_manager_id).not.toBeNull();
  await serviceClient().from('clients').delete().eq('id', lead.id);
});

test('o "Editar" do detalhe abre o mesmo formulário; uma edição feita em outra aba é avisada e nada é sobrescrito', async ({ page }) => {
  const tag = uid();
  const lead = await agencyLead(`Concorrente ${tag}`);
  await loginAs(page, 'admin', `/admin/clients/${lead.id}`);
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/edit/${lead.id}/?$`));
  await expect(page.getByLabel('Nome Completo *')).toHaveValue(`Concorrente ${tag}`);

  await serviceClient().from('clients').update({ company_name: 'Mudou em Outra Aba' }).eq('id', lead.id);
  await page.getByLabel('Empresa').fill('Minha Empresa');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText(/Este cliente foi alterado em outra aba ou por outra pessoa/).first()).toBeVisible();
  await expect(page.getByLabel('Empresa')).toHaveValue('Minha Empresa');
  expect((await dbClient(lead.id))?.company_name).toBe('Mudou em Outra Aba');

  await page.getByRole('button', { name: 'Recarregar versão atual' }).click();
  await expect(page.getByText('Versão atual carregada.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${lead.id}/?$`));
  expect((await dbClient(lead.id))?.company_name).toBe('Minha Empresa');
  await serviceClient().from('clients').delete().eq('id', lead.id);
});

test('excluir na lista pede "Confirmar Exclusão" e então remove do banco e da lista', async ({ page }) => {
  const tag = uid();
  const lead = await agencyLead(`Excluir Lista ${tag}`);
  await loginAs(page, 'admin', '/admin/clients');
  await page.getByLabel('Buscar clientes').fill(tag);
  await expect(items(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Excluir Excluir Lista ${tag}` }).click();
  await expect(page.getByText(`Tem certeza que deseja excluir o cliente "Excluir Lista ${tag}"? Esta ação não pode ser desfeita.`)).toBeVisible();
  expect(await dbClient(lead.id)).not.toBeNull();
  await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
  await expect(page.getByText('Cliente excluído')).toBeVisible();
  await expect(items(page)).toHaveCount(0);
  expect(await dbClient(lead.id)).toBeNull();
});

test('o detalhe de uma conta do portal lista os projetos (status, progresso, link) e os tickets (status, link)', async ({ page }) => {
  const user = await createConfirmedUser({ name: `Conta Com Projetos ${uid()}` });
  const [doing, done] = await seedProjects(user.id, [
    { title: 'Chatbot de Atendimento', status: 'in-progress', progress: 45 },
    { title: 'Relatório Mensal', status: 'completed', progress: 100 },
  ]);
  const [ticket] = await seedTickets(user.id, [{ subject: 'Dúvida sobre a integração', message_content: 'Como conecto ao CRM?' }]);
  const { data: record } = await serviceClient().from('clients').select('id').eq('account_user_id', user.id).single();

  await loginAs(page, 'admin', `/admin/clients/${record!.id}`);
  await expect(page.getByText('Conta no portal', { exact: true })).toBeVisible();
  const projects = page.getByRole('list', { name: 'Projetos do cliente' });
  await expect(projects.getByRole('link', { name: 'Chatbot de Atendimento' })).toHaveAttribute('href', `/admin/projects/${doing!.id}`);
  await expect(projects.getByRole('link', { name: 'Relatório Mensal' })).toHaveAttribute('href', `/admin/projects/${done!.id}`);
  await expect(projects.getByRole('progressbar', { name: 'Progresso de Chatbot de Atendimento' })).toHaveAttribute('aria-valuenow', '45');
  await expect(projects).toContainText('Em andamento');
  await expect(projects).toContainText('Concluído');
  const tickets = page.getByRole('list', { name: 'Tickets do cliente' });
  await expect(tickets.getByRole('link', { name: 'Dúvida sobre a integração' })).toHaveAttribute('href', `/admin/support/${ticket!.id}`);
  await expect(tickets).toContainText('Aberto');
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/admin/clients/edit/${record!.id}`);
  await expect(page.getByLabel('Nome Completo *')).not.toHaveValue('');
  await expectNoSeriousAxeViolations(page);
});

test('excluir no detalhe pede a mesma confirmação', async ({ page }) => {
  const tag = uid();
  const lead = await agencyLead(`Excluir Detalhe ${tag}`);
  await loginAs(page, 'admin', `/admin/clients/${lead.id}`);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText(`Tem certeza que deseja excluir o cliente "Excluir Detalhe ${tag}"? Esta ação não pode ser desfeita.`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/?$/);
  expect(await dbClient(lead.id)).toBeNull();
});

test('a admin que entra pelo login chega ao /admin/dashboard, e volta a ele ao abrir /login; um cliente chega ao /dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Senha').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\/dashboard\/?$/);
  await page.goto('/login');
  await page.waitForURL(/\/admin\/dashboard\/?$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.client.email);
  await page.getByLabel('Senha').fill(DEMO.client.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
  expect(new URL(page.url()).pathname).not.toContain('/admin');
});

test('o cliente que muda o nome em "Meu Perfil" aparece e é encontrado com o nome novo na lista, no detalhe e no faturamento', async ({ page }) => {
  const tag = uid();
  const user = await createConfirmedUser({ name: `Nome Antigo ${tag}` });
  const title = `Plano do Renomeado ${tag}`;
  const { data: project, error } = await serviceClient()
    .from('projects')
    .insert({ user_id: user.id, title, plan: 'essential', status: 'pending' })
    .select('id')
    .single();
  if (error) throw error;
  const { data: record } = await serviceClient().from('clients').select('id').eq('account_user_id', user.id).single();

  await loginAs(page, user, '/profile');
  await page.getByLabel('Nome completo').fill(`Nome Novo ${tag}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado!').first()).toBeVisible();

  await loginAs(page, 'admin', '/admin/clients');
  await page.getByLabel('Buscar clientes').fill(`Nome Novo ${tag}`);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText(`Nome Novo ${tag}`);
  await page.getByLabel('Buscar clientes').fill(`Nome Antigo ${tag}`);
  await expect(page.getByText('Nenhum cliente corresponde à busca.')).toBeVisible();

  await page.goto(`/admin/clients/${record!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Nome Novo ${tag}` })).toBeVisible();
  // The name belongs to the account: the edit form shows it read-only and says where it changes.
  await page.goto(`/admin/clients/edit/${record!.id}`);
  const name = page.getByLabel('Nome Completo *');
  await expect(name).toHaveValue(`Nome Novo ${tag}`);
  await expect(name).toHaveAttribute('readonly', '');
  await expect(page.getByText('Nome da conta no portal: o cliente o altera em Meu Perfil.')).toBeVisible();

  await page.goto('/admin/billing');
  await expect(page.getByTestId('billing-rows').getByRole('row').filter({ hasText: title })).toContainText(`Nome Novo ${tag}`);
  await serviceClient().from('projects').delete().eq('id', project!.id);
});
