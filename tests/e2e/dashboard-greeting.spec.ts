// The dashboard's greeting follows the account, not the browser: 'Bem-vindo(a)' on the account's first visit,
// 'Bem-vindo(a) de volta' afterwards (also on another device); the empty dashboard opens the plan picker; a very long
// name does not fill the heading.
import { createConfirmedUser, expect, loginAs, test } from './fixtures';
import { expectNoHorizontalOverflow, freshUser, signIn } from './projects-helpers';

test.describe.configure({ timeout: 90_000 });

test('primeira visita diz "Bem-vindo(a)"; a volta, mesmo em outro aparelho, diz "Bem-vindo(a) de volta"', async ({ page, browser }) => {
  const user = await freshUser('primeira-visita');
  await signIn(page, user);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Bem-vindo(a), ${user.name}!`);

  // The empty dashboard offers the plan picker directly.
  await page.getByRole('button', { name: 'Escolher um plano' }).click();
  const picker = page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: 'Escolher um plano' })).toBeFocused();

  // Another browser (no shared storage) is the same account coming back.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await loginAs(otherPage, { email: user.email, password: user.password });
    await expect(otherPage.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(`Bem-vindo(a) de volta, ${user.name}!`);
  } finally {
    await other.close();
  }
  await page.reload();
  await expect(heading).toHaveText(`Bem-vindo(a) de volta, ${user.name}!`);
});

for (const width of [390, 1280]) {
  test(`um nome de 5.000 caracteres não enche o título do painel (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = `Nome${'muitolongo'.repeat(500)}`.slice(0, 5000);
    const user = await createConfirmedUser({ name });
    await loginAs(page, user);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Bem-vindo(a)');
    // Measured once the screen has drawn it (the page's HTML paints the same heading before, which the screen replaces).
    await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
    // At most two lines of the heading's text, the whole name in its title.
    const { height, lineHeight } = await heading.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    await expect(heading.locator(`[title="${name}"]`)).toHaveCount(1);
    await expect(page.getByText('Total de Projetos')).toBeInViewport();
    await expectNoHorizontalOverflow(page);
  });
}
