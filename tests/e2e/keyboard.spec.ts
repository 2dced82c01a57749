// The main flows with the keyboard alone: signing in, opening a ticket, and moving through a project's tabs. The
// shell's menu (focus kept inside the open drawer) and the dialogs have their own keyboard tests next to their flows.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, test } from './fixtures';
import { seedProjects } from './projects-helpers';

/** Presses Tab until `name` has the focus (at most 40 times), as a keyboard user would. */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      return (el.getAttribute('aria-label') || labelled || el.textContent || '').trim();
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`o foco nunca chegou a "${name}"`);
}

test('só com o teclado: entrar, abrir um ticket e percorrer as abas de um projeto', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createConfirmedUser();
  const [project] = await seedProjects(user.id, [{ title: 'Projeto do teclado', status: 'in-progress', progress: 40 }]);

  await page.goto('/login');
  await tabTo(page, 'E-mail');
  await page.keyboard.type(user.email);
  await tabTo(page, 'Senha');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' })).toBeVisible();
  await tabTo(page, 'Assunto');
  await page.keyboard.type('Pedido feito só com o teclado');
  await tabTo(page, 'Mensagem');
  await page.keyboard.type('Tudo digitado sem mouse.');
  await tabTo(page, 'Enviar Ticket');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toBeVisible();
  await expect(page.getByText('Pedido feito só com o teclado')).toBeVisible();

  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projeto do teclado' })).toBeVisible();
  await tabTo(page, 'Visão Geral');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Atualizações' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByPlaceholder('Adicionar uma nova atualização...')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Documentos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Selecionar Arquivo' })).toBeVisible();
});
