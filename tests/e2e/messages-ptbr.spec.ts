// What the auth server and the network say reaches the user in Portuguese: an e-mail the server refuses on /register, a second
// e-mail asked within the minute, the same password on /reset-password, and signing in offline. The toast titles stay.
import { createConfirmedUser, expect, gotoAuthPage, test } from './fixtures';
import { RECOVERY_LINK, toastWith, uniqueEmail, waitForLink } from './public-helpers';

test.describe.configure({ timeout: 60_000 });

// English words that must never be on screen in these toasts.
const ENGLISH = /\b(the|invalid|please|failed|unable|should|request|password|seconds|fetch)\b/i;

async function expectPortugueseToast(page: import('@playwright/test').Page, title: string, text: string | RegExp) {
  const shown = toastWith(page, title);
  await expect(shown).toContainText(text);
  expect(await shown.first().innerText()).not.toMatch(ENGLISH);
}

test('cadastro com "joana@" é recusado antes do servidor; um e-mail que o servidor recusa mostra o erro em português', async ({ page }) => {
  let signups = 0;
  await page.route('**/auth/v1/signup**', (route) => {
    signups += 1;
    // What GoTrue answers for an address it refuses.
    return route.fulfill({
      status: 400,
      headers: { 'content-type': 'application/json', 'x-sb-error-code': 'validation_failed', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({
        code: 'validation_failed',
        error_code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
        msg: 'Unable to validate email address: invalid format',
      }),
    });
  });
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Joana Teste');
  await page.getByLabel('E-mail').fill('joana@');
  await page.getByLabel('Senha', { exact: true }).fill('minha-senha-1');
  await page.getByLabel('Confirmar senha').fill('minha-senha-1');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectPortugueseToast(page, 'E-mail inválido', 'Informe um e-mail válido.');
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Informe um e-mail válido.');
  expect(signups).toBe(0);

  await page.getByLabel('E-mail').fill(uniqueEmail('joana'));
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectPortugueseToast(page, 'Falha no registro', 'Endereço de e-mail inválido.');
  expect(signups).toBe(1);
});

test('pedir outro e-mail de redefinição dentro do minuto diz em português quantos segundos faltam', async ({ page }) => {
  const email = uniqueEmail('espera');
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(toastWith(page, 'Email de redefinição enviado')).toBeVisible();

  // The test server runs without rate limits: the second request gets the answer GoTrue gives within the minute.
  await page.route('**/auth/v1/recover**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'x-sb-error-code': 'over_email_send_rate_limit' },
      body: JSON.stringify({
        code: 'over_email_send_rate_limit',
        error_code: 'over_email_send_rate_limit',
        msg: 'For security purposes, you can only request this after 58 seconds.',
      }),
    }),
  );
  await page.getByRole('button', { name: 'Não recebeu? Enviar novamente' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expectPortugueseToast(page, 'Erro ao enviar email', 'Aguarde 58 segundos para pedir outro e-mail.');
});

test('redefinir para a mesma senha diz em português que a nova deve ser diferente', async ({ page }) => {
  const user = await createConfirmedUser({ password: 'senha-igual-1' });
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(toastWith(page, 'Email de redefinição enviado')).toBeVisible();

  await page.goto(await waitForLink(user.email, RECOVERY_LINK));
  await page.waitForURL(/\/reset-password/);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-igual-1');
  await page.getByLabel('Confirmar nova senha').fill('senha-igual-1');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expectPortugueseToast(page, 'Erro ao redefinir senha', 'A nova senha deve ser diferente da senha atual.');
});

test('entrar sem conexão mostra a falta de conexão em português', async ({ page, context }) => {
  const user = await createConfirmedUser();
  // Filled once the page's script runs, so the auth modules it fetches on typing are loaded before the network goes.
  await gotoAuthPage(page, '/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha').fill(user.password);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('region', { name: 'Notificações' })).toContainText('Não foi possível conectar ao servidor. Verifique sua conexão.');
  expect(await page.getByRole('region', { name: 'Notificações' }).innerText()).not.toMatch(ENGLISH);
  await context.setOffline(false);
});
