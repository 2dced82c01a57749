// /tasks (Minhas Tarefas) in Chromium against the local Supabase.
import type { Page } from '@playwright/test';
import { DEMO, expect, serviceClient, test } from './fixtures';
import { BROWSER_TIME_ZONE } from './browser-day';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import {
  HOSTILE_HTML,
  HOSTILE_URL,
  failOnUnexpectedDialogs,
  freshUser,
  seedTasks,
  signIn,
} from './crm-helpers';

// The machine is shared by many builds and browsers: give slow first paints room.
test.describe.configure({ timeout: 60_000 });

const rows = (page: Page) => page.getByRole('table').getByRole('row');
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });
const modal = (page: Page) => page.getByRole('dialog');

async function adminId(): Promise<string> {
  const { data, error } = await serviceClient().from('profiles').select('id').eq('email', DEMO.admin.email).single();
  if (error || !data) throw new Error(`admin não encontrado: ${error?.message}`);
  return (data as { id: string }).id;
}

async function tasksTitled(title: string) {
  const { data, error } = await serviceClient().from('tasks').select('*').eq('title', title);
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>[];
}

test('usuário novo vê "Você ainda não tem tarefas." e cria a primeira pelo modal', async ({ page }) => {
  const user = await freshUser('tarefa-vazio');
  await signIn(page, user, '/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas Tarefas' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const opener = page.getByRole('button', { name: 'Criar sua primeira tarefa' });
  await opener.click();
  await expect(modal(page).getByRole('heading', { name: 'Criar Nova Tarefa' })).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toBeFocused();
  await expect(modal(page).getByLabel('Status')).toHaveValue('Pendente');
  await expect(modal(page).getByLabel('Prioridade')).toHaveValue('Média');
  await expect(modal(page).getByLabel('Atribuir Para').locator('option:checked')).toHaveText('Ninguém (Pessoal)');
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');

  // Title required.
  await modal(page).getByLabel('Título').fill('   ');
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Título obrigatório')).toBeVisible();
  await expect(modal(page).getByText('Por favor, forneça um título para a tarefa.')).toBeVisible();
  expect(await tasksTitled('   ')).toHaveLength(0);

  const title = `Primeira tarefa ${Date.now()}`;
  await modal(page).getByLabel('Título').fill(title);
  await modal(page).getByLabel('Descrição').fill('Ligar para o cliente e confirmar o escopo.');
  await modal(page).getByLabel('Prioridade').selectOption('Alta');
  await modal(page).getByLabel('Data de Entrega').fill('2026-12-31');
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Tarefa criada!')).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nova Tarefa' })).toBeFocused();
  await expect(page.getByRole('columnheader')).toHaveText(['Título', 'Status', 'Prioridade', 'Data Entrega', 'Atribuído Para', 'Ações']);
  const row = rowOf(page, title);
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText('Alta');
  await expect(row).toContainText('31/12/2026');
  await expect(row).toContainText('Ninguém (Pessoal)');

  const saved = await tasksTitled(title);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({
    created_by: user.id,
    status: 'Pendente',
    priority: 'Alta',
    due_date: '2026-12-31',
    assigned_to: null,
    description: 'Ligar para o cliente e confirmar o escopo.',
  });
});

test('editar uma tarefa grava no banco e devolve o foco ao menu da linha', async ({ page }) => {
  const user = await freshUser('tarefa-editar');
  const [task] = await seedTasks([{ title: 'Revisar contrato', created_by: user.id, priority: 'Baixa' }]);
  await signIn(page, user, '/tasks');
  const actions = page.getByRole('button', { name: 'Ações para Revisar contrato' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(modal(page).getByRole('heading', { name: 'Editar Tarefa' })).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toHaveValue('Revisar contrato');
  await expect(modal(page).getByLabel('Prioridade')).toHaveValue('Baixa');
  await modal(page).getByLabel('Título').fill('Revisar contrato assinado');
  await modal(page).getByLabel('Status').selectOption('Em Andamento');
  await modal(page).getByLabel('Atribuir Para').selectOption({ label: `${user.name} (${user.email})` });
  await modal(page).getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Tarefa atualizada!')).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ações para Revisar contrato assinado' })).toBeFocused();
  await expect(rowOf(page, 'Revisar contrato assinado')).toContainText('Em Andamento');
  await expect(rowOf(page, 'Revisar contrato assinado')).toContainText(user.name);

  const { data } = await serviceClient().from('tasks').select('*').eq('id', task.id).single();
  expect(data).toMatchObject({ title: 'Revisar contrato assinado', status: 'Em Andamento', assigned_to: user.id, created_by: user.id });
});

test('filtros de escopo, status, prioridade e busca no servidor; Excluir só para o criador', async ({ page }) => {
  const user = await freshUser('tarefa-escopo');
  const admin = await adminId();
  await seedTasks([
    { title: 'Minha pessoal', created_by: user.id, status: 'Pendente', priority: 'Baixa' },
    { title: 'Minha para a equipe', created_by: user.id, assigned_to: admin, status: 'Concluída', priority: 'Urgente' },
    { title: 'Da equipe para mim', created_by: admin, assigned_to: user.id, status: 'Bloqueada', priority: 'Alta' },
    { title: 'Da equipe para ninguém', created_by: admin, assigned_to: null },
  ]);
  await signIn(page, user, '/tasks');
  await expect(rows(page)).toHaveCount(4); // header + 3 visible
  await expect(page.getByText('Da equipe para ninguém')).toHaveCount(0);

  const scope = page.getByLabel('Filtrar por responsável');
  await scope.selectOption({ label: 'Atribuídas a Mim' });
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Da equipe para mim')).toBeVisible();
  await scope.selectOption({ label: 'Criadas por Mim' });
  await expect(rows(page)).toHaveCount(3);
  await expect(rowOf(page, 'Da equipe para mim')).toHaveCount(0);
  await scope.selectOption({ label: 'Todas Tarefas' });
  await expect(rows(page)).toHaveCount(4);

  await page.getByLabel('Filtrar por status').selectOption('Concluída');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Minha para a equipe')).toBeVisible();
  await page.getByLabel('Filtrar por status').selectOption('');
  await page.getByLabel('Filtrar por prioridade').selectOption('Alta');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Da equipe para mim')).toBeVisible();
  await page.getByLabel('Filtrar por prioridade').selectOption('');
  await page.getByPlaceholder('Buscar tarefas...').fill('PESSOAL');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Minha pessoal')).toBeVisible();
  await page.getByPlaceholder('Buscar tarefas...').fill('');
  await expect(rows(page)).toHaveCount(4);

  // Created by the admin, assigned to me: Editar yes, Excluir no.
  await page.getByRole('button', { name: 'Ações para Da equipe para mim' }).click();
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Excluir' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ações para Minha pessoal' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoSeriousAxeViolations(page);
});

test('Excluir pede a confirmação exata no diálogo do produto e apaga a tarefa do banco', async ({ page }) => {
  const user = await freshUser('tarefa-excluir');
  const [task] = await seedTasks([{ title: 'Tarefa descartável', created_by: user.id }]);
  const browserDialogs = failOnUnexpectedDialogs(page);
  await signIn(page, user, '/tasks');
  const confirm = page.getByRole('alertdialog');
  await page.getByRole('button', { name: 'Ações para Tarefa descartável' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await expect(confirm.getByRole('heading', { name: 'Excluir tarefa?' })).toBeVisible();
  await expect(confirm.getByText('Tem certeza que deseja excluir a tarefa "Tarefa descartável"?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rowOf(page, 'Tarefa descartável')).toBeVisible();

  await page.getByRole('button', { name: 'Ações para Tarefa descartável' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Tarefa excluída', { exact: true })).toBeVisible();
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova Tarefa' })).toBeFocused();
  expect(browserDialogs.fired).toEqual([]);
  const { data } = await serviceClient().from('tasks').select('id').eq('id', task.id);
  expect(data).toEqual([]);
});

test('um segundo cliente não vê as tarefas do primeiro', async ({ page }) => {
  const first = await freshUser('tarefa-primeiro');
  const second = await freshUser('tarefa-segundo');
  await seedTasks([{ title: 'Tarefa secreta do primeiro', created_by: first.id }]);
  await signIn(page, second, '/tasks');
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  await expect(page.getByText('Tarefa secreta do primeiro')).toHaveCount(0);
  // Nor the first client in the assignment list.
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await expect(modal(page).getByLabel('Atribuir Para')).not.toContainText(first.email);
});

test('um envio que falha mantém o que foi digitado, e repetir não duplica a tarefa', async ({ page }) => {
  const user = await freshUser('tarefa-falha');
  await signIn(page, user, '/tasks');
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  const title = `Não perder ${Date.now()}`;

  // First: the server is unreachable.
  await page.route('**/rest/v1/tasks**', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()));
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await modal(page).getByLabel('Título').fill(title);
  await modal(page).getByLabel('Descrição').fill('Texto longo que ninguém quer digitar de novo.');
  await modal(page).getByLabel('Prioridade').selectOption('Urgente');
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Erro ao criar tarefa')).toBeVisible();
  await expect(page.getByText(/Seus dados foram mantidos no formulário/)).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toHaveValue(title);
  await expect(modal(page).getByLabel('Descrição')).toHaveValue('Texto longo que ninguém quer digitar de novo.');
  await expect(modal(page).getByLabel('Prioridade')).toHaveValue('Urgente');
  expect(await tasksTitled(title)).toHaveLength(0);
  await page.unroute('**/rest/v1/tasks**');

  // Then: the insert reaches the server but its answer is lost.
  await page.route('**/rest/v1/tasks**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Erro ao criar tarefa')).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toHaveValue(title);
  expect(await tasksTitled(title)).toHaveLength(1);
  await page.unroute('**/rest/v1/tasks**');

  // Closing and reopening keeps the pending draft; the retry succeeds without a second row.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await expect(modal(page).getByLabel('Título')).toHaveValue(title);
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Tarefa criada!')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  expect(await tasksTitled(title)).toHaveLength(1);
});

test('o botão de salvar não envia duas vezes', async ({ page }) => {
  const user = await freshUser('tarefa-duplo');
  await signIn(page, user, '/tasks');
  const title = `Duplo clique ${Date.now()}`;
  let posts = 0;
  await page.route('**/rest/v1/tasks**', async (route) => {
    if (route.request().method() === 'POST') {
      posts += 1;
      await new Promise((r) => setTimeout(r, 400));
    }
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await modal(page).getByLabel('Título').fill(title);
  const submit = modal(page).getByRole('button', { name: 'Criar Tarefa' });
  await submit.click();
  await modal(page).getByLabel('Título').press('Enter').catch(() => undefined);
  await expect(page.getByText('Tarefa criada!')).toBeVisible();
  expect(posts).toBe(1);
  expect(await tasksTitled(title)).toHaveLength(1);
});

test('edição concorrente: a segunda gravação é recusada, avisa e permite recarregar', async ({ page }) => {
  const user = await freshUser('tarefa-concorrente');
  const [task] = await seedTasks([{ title: 'Versão original', created_by: user.id }]);
  await signIn(page, user, '/tasks');
  await page.getByRole('button', { name: 'Ações para Versão original' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await modal(page).getByLabel('Título').fill('Minha edição');

  // Someone else saves first (another tab).
  await new Promise((r) => setTimeout(r, 20));
  const { error } = await serviceClient().from('tasks').update({ title: 'Edição da outra aba' } as never).eq('id', task.id);
  expect(error).toBeNull();

  await modal(page).getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Erro ao atualizar tarefa')).toBeVisible();
  await expect(modal(page).getByRole('alert').filter({ hasText: 'alterada em outro lugar' })).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toHaveValue('Minha edição');
  let { data } = await serviceClient().from('tasks').select('title').eq('id', task.id).single();
  expect(data).toEqual({ title: 'Edição da outra aba' });

  await modal(page).getByRole('button', { name: 'Recarregar tarefa' }).click();
  await expect(modal(page).getByLabel('Título')).toHaveValue('Edição da outra aba');
  await modal(page).getByLabel('Título').fill('Edição final');
  await modal(page).getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Tarefa atualizada!')).toBeVisible();
  ({ data } = await serviceClient().from('tasks').select('title').eq('id', task.id).single());
  expect(data).toEqual({ title: 'Edição final' });
});

test('texto hostil em tarefas aparece literalmente, sem diálogo', async ({ page }) => {
  const user = await freshUser('tarefa-hostil');
  await seedTasks([
    { title: HOSTILE_HTML, description: HOSTILE_URL, created_by: user.id },
    { title: `${HOSTILE_URL} ${'Y'.repeat(180)}`, created_by: user.id }, // 200 characters, the longest title
  ]);
  const dialogs = failOnUnexpectedDialogs(page);
  await signIn(page, user, '/tasks');
  await expect(page.getByRole('cell', { name: HOSTILE_HTML, exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: `Ações para ${HOSTILE_HTML}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(modal(page).getByLabel('Título')).toHaveValue(HOSTILE_HTML);
  await expect(modal(page).getByLabel('Descrição')).toHaveValue(HOSTILE_URL);
  expect(dialogs.fired).toEqual([]);
});

test('telas de tarefas em 390 px e 1280 px', async ({ page }, testInfo) => {
  const user = await freshUser('tarefa-telas');
  const admin = await adminId();
  await seedTasks([
    { title: 'Preparar apresentação para o cliente', created_by: user.id, priority: 'Urgente', due_date: '2026-12-05' },
    { title: 'Revisar relatório mensal de desempenho', created_by: admin, assigned_to: user.id, status: 'Em Andamento' },
  ]);
  await signIn(page, user, '/__e2e-login__');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tasks');
    await expect(rows(page)).toHaveCount(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `a página não rola de lado em ${width}px`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: testInfo.outputPath(`tarefas-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Nova Tarefa' }).click();
    await expect(modal(page)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`tarefas-modal-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Nova Tarefa' })).toBeFocused();
  }
});

test('falhas de leitura: "Erro ao carregar tarefas" e "Erro ao carregar usuários" com os textos do produto', async ({ page }) => {
  const user = await freshUser('tarefa-erros');
  await seedTasks([{ title: 'Tarefa que volta', created_by: user.id }]);
  let failTasks = true;
  const fail = (message: string) => ({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ code: 'XX000', message, details: null, hint: null }),
  });
  await page.route('**/rest/v1/tasks**', (route) =>
    route.request().method() === 'GET' && failTasks ? route.fulfill(fail('leitura de tarefas falhou')) : route.fallback(),
  );
  await signIn(page, user, '/tasks');
  await expect(page.getByText('Erro ao carregar tarefas')).toBeVisible();
  await expect(page.getByText('Não foi possível buscar suas tarefas. leitura de tarefas falhou')).toBeVisible();

  await page.route('**/rest/v1/users_view_for_assignment**', (route) => route.fulfill(fail('lista indisponível')));
  failTasks = false;
  await page.reload();
  await expect(rowOf(page, 'Tarefa que volta')).toBeVisible();
  await expect(page.getByText('Erro ao carregar usuários')).toBeVisible();
  await expect(page.getByText('Não foi possível buscar a lista de usuários para atribuição.', { exact: false })).toBeVisible();
  // The modal still works: the assignee list offers 'Ninguém (Pessoal)'.
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await expect(modal(page).getByLabel('Atribuir Para').locator('option')).toHaveText(['Ninguém (Pessoal)']);
});

test('sessão vencida ao salvar: renova a sessão e grava sem sair da página nem perder o texto', async ({ page }) => {
  const user = await freshUser('tarefa-sessao');
  const [task] = await seedTasks([{ title: 'Antes da pausa', created_by: user.id }]);
  await signIn(page, user, '/tasks');
  await page.getByRole('button', { name: 'Ações para Antes da pausa' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await modal(page).getByLabel('Título').fill('Depois da pausa');

  let expired = 0;
  await page.route('**/rest/v1/tasks**', (route) => {
    if (route.request().method() === 'PATCH' && expired === 0) {
      expired += 1;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }),
      });
    }
    return route.fallback();
  });
  const refreshed = page.waitForRequest((r) => r.url().includes('/auth/v1/token') && r.url().includes('refresh_token'));
  await modal(page).getByRole('button', { name: 'Salvar Alterações' }).click();
  await refreshed;
  await expect(page.getByText('Tarefa atualizada!')).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\/?$/);
  expect(expired).toBe(1);
  const { data } = await serviceClient().from('tasks').select('title').eq('id', task.id).single();
  expect(data).toEqual({ title: 'Depois da pausa' });
});

/** The calendar day `offset` days from today in São Paulo (yyyy-mm-dd), the day the database calls today. */
function saoPauloDay(offset: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: BROWSER_TIME_ZONE });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

test('uma tarefa vencida e não concluída aparece como "Atrasada"; a de hoje, a futura e a concluída não', async ({ page }) => {
  const user = await freshUser('tarefa-atrasada');
  await seedTasks([
    { title: 'Venceu ontem', created_by: user.id, due_date: saoPauloDay(-1) },
    { title: 'Venceu e bloqueada', created_by: user.id, due_date: saoPauloDay(-30), status: 'Bloqueada' },
    { title: 'Vence hoje', created_by: user.id, due_date: saoPauloDay(0) },
    { title: 'Vence amanhã', created_by: user.id, due_date: saoPauloDay(1) },
    { title: 'Concluída com atraso', created_by: user.id, due_date: saoPauloDay(-1), status: 'Concluída' },
    { title: 'Sem data', created_by: user.id },
  ]);
  await signIn(page, user, '/tasks');
  await expect(rowOf(page, 'Venceu ontem').getByText('Atrasada', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'Venceu e bloqueada').getByText('Atrasada', { exact: true })).toBeVisible();
  for (const title of ['Vence hoje', 'Vence amanhã', 'Concluída com atraso', 'Sem data']) {
    await expect(rowOf(page, title)).toBeVisible();
    await expect(rowOf(page, title).getByText('Atrasada', { exact: true })).toHaveCount(0);
  }

  // Finishing the late task takes the mark away.
  await page.getByRole('button', { name: 'Ações para Venceu ontem' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await modal(page).getByLabel('Status').selectOption('Concluída');
  await modal(page).getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Tarefa atualizada!')).toBeVisible();
  await expect(rowOf(page, 'Venceu ontem').getByText('Atrasada', { exact: true })).toHaveCount(0);

  // The search (a database function) answers the same mark.
  await page.getByLabel('Buscar tarefas').fill('bloqueada');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Venceu e bloqueada').getByText('Atrasada', { exact: true })).toBeVisible();
});
