// Forms refuse what the database would refuse, in pt-BR, and keep what was typed: a project cannot be saved with an
// empty title; the task dialog's message clears once a title is typed, and its text survives a reload.
import type { Page } from '@playwright/test';
import { expect, serviceClient, test } from './fixtures';
import { freshUser, seedProjects, signIn } from './projects-helpers';

test.describe.configure({ timeout: 90_000 });

const modal = (page: Page) => page.getByRole('dialog');

test('um projeto não é salvo com o título vazio; a mensagem some quando o título volta', async ({ page }) => {
  const user = await freshUser('titulo-vazio');
  const [project] = await seedProjects(user.id, [{ title: 'Título que fica', status: 'pending' }]);
  await signIn(page, user, `/projects/${project.id}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  const title = page.getByLabel('Título');
  await title.fill('   ');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(title).toHaveAccessibleDescription('O título do projeto é obrigatório.');
  await expect(page.getByRole('region', { name: 'Notificações' })).toContainText('O título do projeto é obrigatório.');
  await expect(title).toHaveAttribute('maxlength', '200');
  const { data } = await serviceClient().from('projects').select('title').eq('id', project.id).single();
  expect(data?.title).toBe('Título que fica');

  await title.fill('Novo título');
  await expect(page.getByText('O título do projeto é obrigatório.', { exact: true }).and(page.locator('p'))).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Novo título');
});

test('a mensagem do título da tarefa some ao digitar, e o texto do diálogo sobrevive a um recarregamento', async ({ page }) => {
  const user = await freshUser('tarefa-rascunho');
  await signIn(page, user, '/tasks');
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  const title = modal(page).getByLabel('Título');
  await expect(title).toHaveAccessibleDescription('Por favor, forneça um título para a tarefa.');
  await title.fill('Ligar para o cliente');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await expect(modal(page).getByText('Por favor, forneça um título para a tarefa.')).toHaveCount(0);

  await modal(page).getByLabel('Descrição').fill('Confirmar a reunião de quinta.');
  await modal(page).getByLabel('Prioridade').selectOption('Alta');
  await page.reload();
  await expect(modal(page).getByRole('heading', { name: 'Criar Nova Tarefa' })).toBeVisible();
  await expect(modal(page).getByLabel('Título')).toHaveValue('Ligar para o cliente');
  await expect(modal(page).getByLabel('Descrição')).toHaveValue('Confirmar a reunião de quinta.');
  await expect(modal(page).getByLabel('Prioridade')).toHaveValue('Alta');

  await modal(page).getByRole('button', { name: 'Criar Tarefa' }).click();
  await expect(page.getByText('Tarefa criada!')).toBeVisible();
  // Saved: a reload opens no dialog.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Ligar para o cliente' })).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
});

test('cancelar o diálogo de tarefa descarta o texto; um recarregamento não o reabre', async ({ page }) => {
  const user = await freshUser('tarefa-cancelar');
  await signIn(page, user, '/tasks');
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await modal(page).getByLabel('Título').fill('Ideia descartada');
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await page.reload();
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  await expect(modal(page).getByLabel('Título')).toHaveValue('');
});
