// A form draft whose save conflicted with a newer saved version keeps that conflict across a reload: the form comes back
// with what was typed and the same conflict notice (reload the current version first), never ready to save over it.
import type { Page } from '@playwright/test';
import { expect, serviceClient, test } from './fixtures';
import { freshUser as freshCrmUser, seedClients, seedTasks, signIn as signInTo } from './crm-helpers';
import { dbProject, freshUser, seedProjects, signIn, unique } from './projects-helpers';

test.describe.configure({ timeout: 90_000 });

const saveButton = (page: Page) => page.getByRole('button', { name: 'Salvar', exact: true });

test('edição de projeto em conflito: depois de recarregar a página, o texto e o aviso de conflito voltam', async ({ page }) => {
  const user = await freshUser('conflito-projeto');
  const [p] = await seedProjects(user.id, [{ title: unique('Conflito'), status: 'in-progress', progress: 20 }]);
  await signIn(page, user, `/projects/${p.id}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Título').fill('Versão desta aba');
  await serviceClient().from('projects').update({ title: 'Versão salva em outro lugar' }).eq('id', p.id);
  await saveButton(page).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Este projeto foi alterado em outra aba' });
  await expect(notice).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Título')).toHaveValue('Versão desta aba');
  await expect(notice).toBeVisible();
  expect((await dbProject(p.id))?.title).toBe('Versão salva em outro lugar');

  // Saving again is still refused until the current version is loaded; then the edits go over it. The refused save is
  // awaited: its answer arriving after the reload below would bring the notice back.
  const refused = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/rest/v1/projects'));
  await saveButton(page).click();
  await refused;
  await expect(notice).toBeVisible();
  expect((await dbProject(p.id))?.title).toBe('Versão salva em outro lugar');
  await page.getByRole('button', { name: 'Recarregar versão atual' }).click();
  await expect(notice).toHaveCount(0);
  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Projeto atualizado' })).toBeVisible();
  expect((await dbProject(p.id))?.title).toBe('Versão desta aba');

  // A draft with no conflict comes back without the notice.
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Título').fill('Rascunho sem conflito');
  await page.reload();
  await expect(page.getByLabel('Título')).toHaveValue('Rascunho sem conflito');
  await expect(page.getByText('Suas alterações não salvas foram restauradas.').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('edição de cliente do CRM em conflito: depois de recarregar, os dados digitados e o aviso de conflito voltam', async ({ page }) => {
  const owner = await freshCrmUser('conflito-cliente');
  const [client] = await seedClients(owner.id, [{ full_name: 'Bruna Conflito', email: 'bruna@conflito.com.br' }]);
  await signInTo(page, owner, `/my-clients/edit/${client.id}`);
  await page.getByLabel('Empresa').fill('Empresa digitada');
  await serviceClient().from('clients').update({ company_name: 'Empresa salva em outro lugar' } as never).eq('id', client.id);
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Este cliente foi alterado em outra aba ou por outra pessoa' });
  await expect(notice.first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Empresa')).toHaveValue('Empresa digitada');
  await expect(notice.first()).toBeVisible();
  await page.getByRole('button', { name: 'Recarregar versão atual' }).click();
  // The current version is loaded before saving over it (a save sent earlier would be refused as a conflict again).
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText('Cadastro atualizado!')).toBeVisible();
  const { data } = await serviceClient().from('clients').select('company_name').eq('id', client.id).single();
  expect(data).toEqual({ company_name: 'Empresa digitada' });
});

test('tarefa em conflito: depois de recarregar, o diálogo reabre com o texto e o aviso de conflito', async ({ page }) => {
  const user = await freshCrmUser('conflito-tarefa');
  const [task] = await seedTasks([{ title: 'Tarefa original', created_by: user.id }]);
  await signInTo(page, user, '/tasks');
  const modal = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Ações para Tarefa original' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await modal.getByLabel('Título').fill('Minha edição');
  await new Promise((r) => setTimeout(r, 20));
  await serviceClient().from('tasks').update({ title: 'Edição da outra aba' } as never).eq('id', task.id);
  await modal.getByRole('button', { name: 'Salvar Alterações' }).click();
  const notice = modal.getByRole('alert').filter({ hasText: 'alterada em outro lugar' });
  await expect(notice).toBeVisible();

  await page.reload();
  await expect(modal.getByLabel('Título')).toHaveValue('Minha edição');
  await expect(notice).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Salvar Alterações' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Recarregar tarefa' }).click();
  await expect(notice).toHaveCount(0);
  await expect(modal.getByLabel('Título')).toHaveValue('Edição da outra aba');
});
