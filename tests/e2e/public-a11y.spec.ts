// Axe on the public pages in the states a first load does not show: a form's error state and the landing's open
// mobile menu. Every route's first view is checked in a11y.spec.ts.
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';

test('os estados de erro dos formulários e o menu móvel aberto também passam no axe', async ({ page }) => {
  test.setTimeout(90_000); // two axe runs on a busy machine
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, '/login com erros');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expectNoAxeViolations(page, '/ com o menu aberto');
});
