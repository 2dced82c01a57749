// Collaborators and settings on real data: the team with its counts, every task filtered by assignee, status and
// priority, the 'Geral' settings saved (and refused when invalid) and shown in the signed-in area.
import { test, expect, loginAs, anonClient, serviceClient, DEMO } from './fixtures';

test.describe.configure({ mode: 'serial' });

const tag = `${Date.now().toString(36)}-${process.pid}`;

/** A new staff member (admin by app_metadata, as `npm run admin:grant` leaves it). */
async function createStaff(name: string) {
  const email = `equipe-${tag}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
  const password = 'senha-e2e-123';
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: name },
    app_metadata: { role: 'admin' },
  });
  if (error || !data.user) throw new Error(`createUser falhou: ${error?.message}`);
  return { id: data.user.id, email, password, name };
}

async function demoClientId(): Promise<string> {
  const { data } = await serviceClient().from('profiles').select('id').eq('email', DEMO.client.email).single();
  return data!.id;
}

test.describe('colaboradores e tarefas', () => {
  test('a equipe mostra cada admin com as tarefas abertas e os tickets respondidos em 30 dias', async ({ page }) => {
    const staff = await createStaff(`Paula Equipe ${tag}`);
    const clientId = await demoClientId();
    const service = serviceClient();
    const { error } = await service.from('tasks').insert([
      { title: `Aberta 1 ${tag}`, status: 'Pendente', assigned_to: staff.id, created_by: clientId },
      { title: `Aberta 2 ${tag}`, status: 'Bloqueada', assigned_to: staff.id, created_by: clientId },
      { title: `Feita ${tag}`, status: 'Concluída', assigned_to: staff.id, created_by: clientId },
    ]);
    expect(error).toBeNull();
    const ticket = await service
      .from('support_tickets')
      .insert({ subject: `Dúvida ${tag}`, message_content: 'Como funciona?', user_id: clientId })
      .select('id')
      .single();
    expect(ticket.error).toBeNull();
    const staffApi = anonClient();
    await staffApi.auth.signInWithPassword({ email: staff.email, password: staff.password });
    expect((await staffApi.from('ticket_messages').insert({ ticket_id: ticket.data!.id, body: 'Funciona assim.' })).error).toBeNull();

    await loginAs(page, 'admin', '/admin/collaborators');
    await expect(page.getByText('Dados de exemplo')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveText(['Equipe', 'Gerenciamento de Tarefas']);
    const card = page.getByTestId('team-member').filter({ hasText: staff.name });
    await expect(card.getByTestId('open-tasks')).toHaveText('2');
    await expect(card.getByTestId('tickets-answered')).toHaveText('1');
    await expect(page.getByTestId('team-member').filter({ hasText: DEMO.admin.name })).toHaveCount(1);
    await expect(page.getByTestId('team-member').filter({ hasText: DEMO.client.name })).toHaveCount(0);
  });

  test('gerenciamento de tarefas mostra todas as tarefas e filtra por responsável, status e prioridade', async ({ page }) => {
    const staff = await createStaff(`Rui Filtro ${tag}`);
    const clientId = await demoClientId();
    const { error } = await serviceClient().from('tasks').insert([
      { title: `Rui urgente ${tag}`, status: 'Em Andamento', priority: 'Urgente', assigned_to: staff.id, created_by: clientId },
      { title: `Rui baixa ${tag}`, status: 'Pendente', priority: 'Baixa', assigned_to: staff.id, created_by: clientId },
      { title: `Rui feita ${tag}`, status: 'Concluída', priority: 'Baixa', assigned_to: staff.id, created_by: clientId },
      { title: `Pessoal do cliente ${tag}`, status: 'Pendente', priority: 'Alta', created_by: clientId },
    ]);
    expect(error).toBeNull();

    await loginAs(page, 'admin', '/admin/collaborators');
    await page.getByRole('tab', { name: 'Gerenciamento de Tarefas' }).click();
    const table = page.getByRole('region', { name: 'Tabela de tarefas' });
    // The client's personal task, neither created by nor assigned to the admin, is in the admin's list.
    await expect(table.getByText(`Pessoal do cliente ${tag}`)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
    // Who created each task is in its own column.
    await expect(table.getByRole('columnheader', { name: 'Criada Por' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `Pessoal do cliente ${tag}` }).getByRole('cell', { name: DEMO.client.name })).toBeVisible();

    await page.getByLabel('Filtrar por responsável').selectOption({ label: staff.name });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByText(`Pessoal do cliente ${tag}`)).toHaveCount(0);

    await page.getByLabel('Filtrar por status').selectOption('Concluída');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText(`Rui feita ${tag}`)).toBeVisible();

    await page.getByLabel('Filtrar por status').selectOption('');
    await page.getByLabel('Filtrar por prioridade').selectOption('Urgente');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText(`Rui urgente ${tag}`)).toBeVisible();

    await page.getByLabel('Filtrar por status').selectOption('Bloqueada');
    await expect(page.getByText('Nenhuma tarefa corresponde aos filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(table.getByText(`Pessoal do cliente ${tag}`)).toBeVisible();
  });
});

test.describe('configurações do sistema', () => {
  let original: { app_name: string; logo_url: string | null; admin_email: string };

  test.beforeAll(async () => {
    const { data } = await serviceClient().from('app_settings').select('app_name,logo_url,admin_email').single();
    original = data!;
  });
  test.afterAll(async () => {
    await serviceClient().from('app_settings').update(original).eq('id', true);
  });

  const stored = async () => (await serviceClient().from('app_settings').select('app_name,logo_url,admin_email').single()).data;

  test('URL de logo sem https e e-mail inválido são recusados com a mensagem e nada é gravado', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/settings');
    await expect(page.getByText('Dados de exemplo')).toHaveCount(0);
    const name = page.getByLabel('Nome do Aplicativo');
    await expect(name).toHaveValue(original.app_name);
    const before = await stored();

    await name.fill(`Nome recusado ${tag}`);
    await page.getByLabel('URL do Logo').fill('http://cdn.exemplo.com.br/logo.png');
    await page.getByLabel('E-mail do Administrador Principal').fill('contato@');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('A URL do logo deve começar com https://.')).toBeVisible();
    await expect(page.getByText('Informe um e-mail válido para o administrador principal.')).toBeVisible();
    await expect(page.getByLabel('URL do Logo')).toHaveAttribute('aria-invalid', 'true');
    expect(await stored()).toEqual(before);

    // The values typed stay after a reload, until they are saved.
    await page.reload();
    await expect(page.getByLabel('Nome do Aplicativo')).toHaveValue(`Nome recusado ${tag}`);
    await expect(page.getByLabel('URL do Logo')).toHaveValue('http://cdn.exemplo.com.br/logo.png');
    expect(await stored()).toEqual(before);
  });

  test('uma gravação que o servidor não aceita mantém o que foi digitado e não muda nada', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/settings');
    await expect(page.getByLabel('Nome do Aplicativo')).toHaveValue(original.app_name);
    const before = await stored();
    await page.route('**/rest/v1/app_settings*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Serviço indisponível.' }) })
        : route.fallback(),
    );
    await page.getByLabel('Nome do Aplicativo').fill(`Não gravado ${tag}`);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Erro ao salvar configurações')).toBeVisible();
    await expect(page.getByText(/Serviço indisponível\. Seus dados foram mantidos no formulário\./)).toBeVisible();
    await expect(page.getByLabel('Nome do Aplicativo')).toHaveValue(`Não gravado ${tag}`);
    expect(await stored()).toEqual(before);
  });

  test('o admin salva; o novo nome aparece no menu lateral após recarregar, e o cliente vê o nome e o contato', async ({ page }) => {
    const appName = `Agência ${tag}`;
    await loginAs(page, 'admin', '/admin/settings');
    await page.getByLabel('Nome do Aplicativo').fill(appName);
    await page.getByLabel('URL do Logo').fill('');
    await page.getByLabel('E-mail do Administrador Principal').fill(`Contato-${tag}@Agencia.com.br`);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Configurações salvas', { exact: true })).toBeVisible();
    expect(await stored()).toEqual({ app_name: appName, logo_url: null, admin_email: `contato-${tag}@agencia.com.br` });

    await page.reload();
    const sidebar = page.getByRole('complementary', { name: 'Menu do administrador' });
    await expect(sidebar.getByTestId('app-name')).toHaveText(appName);
    await expect(page.getByLabel('Nome do Aplicativo')).toHaveValue(appName);

    await page.getByRole('tab', { name: 'Usuários' }).click();
    await expect(page.getByText('npm run admin:grant')).toBeVisible();
    await expect(page.getByTestId('account-row').filter({ hasText: DEMO.admin.email })).toContainText('Administrador');
    await expect(page.getByTestId('account-row').filter({ hasText: DEMO.client.email })).toContainText('Cliente');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await expect(page.getByText(/Esta seção ainda não está disponível/)).toBeVisible();

    await page.context().clearCookies();
    await loginAs(page, 'client', '/dashboard');
    const clientNav = page.getByRole('complementary', { name: 'Menu do cliente' });
    await expect(clientNav.getByTestId('app-name')).toHaveText(appName);
    await expect(clientNav.getByTestId('agency-contact')).toHaveAttribute('href', `mailto:contato-${tag}@agencia.com.br`);
  });
});
