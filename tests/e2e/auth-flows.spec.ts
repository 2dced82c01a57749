// The authentication journeys (register, confirm, sign in, reset, sign out), end to end through the local Supabase and its inbox.
import { createConfirmedUser, expect, storageKey, test } from './fixtures';
import { CONFIRM_LINK, RECOVERY_LINK, createUnconfirmedUser, mailsTo, toastWith, uniqueEmail, waitForLink } from './public-helpers';

test.describe.configure({ timeout: 60_000 });

test('cadastro → confirmação pelo link do email → login → dashboard → sair', async ({ page }) => {
  const email = uniqueEmail('cadastro');
  const password = 'minha-senha-1';

  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Joana Teste');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page.getByRole('heading', { name: 'Verifique seu Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(toastWith(page, 'Registro quase lá!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'entrar', exact: true })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'redefinir sua senha' })).toHaveAttribute('href', '/forgot-password');

  // The name goes to the server as user data with role 'user'.
  const link = await waitForLink(email, CONFIRM_LINK);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
  await expect(page.getByText('Sua conta foi ativada.', { exact: false }).first()).toBeVisible();
  // After 3 s the page goes to /login, which forwards the now signed-in user to /dashboard.
  await page.waitForURL(/\/dashboard\/?$/, { timeout: 10_000 });
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), storageKey());
  expect(stored?.user?.user_metadata).toMatchObject({ full_name: 'Joana Teste', role: 'user' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sair da Conta' }).click();
  await page.waitForURL(/\/login\/?$/);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
  // The toast of a successful sign-in survives the move to /dashboard.
  await expect(page.getByRole('status').filter({ hasText: 'Autenticação bem-sucedida!' })).toContainText('Bem-vindo!');
  await expect(page.getByRole('button', { name: 'Sair da Conta' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair da Conta' }).click();
  await page.waitForURL(/\/login\/?$/);
  await expect(page.getByRole('status').filter({ hasText: 'Logout realizado' })).toContainText('Você saiu da sua conta.');
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
});

test('login sem confirmar → aviso amarelo → reenviar (novo email) → confirmar → login', async ({ page }) => {
  const user = await createUnconfirmedUser();
  await expect.poll(async () => (await mailsTo(user.email)).length).toBe(1);

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  const notice = page.getByRole('alert').filter({ hasText: 'Seu e-mail ainda não foi confirmado.' });
  await expect(notice).toHaveText(
    /Seu e-mail ainda não foi confirmado\. Verifique sua caixa de entrada ou clique abaixo para reenviar o e-mail de confirmação\./,
  );
  await expect(toastWith(page, 'Email não confirmado')).toContainText('Verifique sua caixa de entrada para confirmar seu email.');
  await expect(page).toHaveURL(/\/login\/?$/);

  await notice.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click();
  await expect(toastWith(page, 'Email de confirmação reenviado')).toBeVisible();
  const link = await waitForLink(user.email, CONFIRM_LINK, 2);

  // The notice goes away on the next submit (here a wrong password: 'Credenciais inválidas').
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toastWith(page, 'Credenciais inválidas')).toContainText('Email ou senha incorretos. Por favor, tente novamente.');
  await expect(notice).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
  await page.waitForURL(/\/dashboard\/?$/, { timeout: 10_000 });
  // The dashboard has read the session before it is wiped (else its guard and the next goto race to /login).
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  // Signed out, the same credentials now open the dashboard.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
});

test('esqueci a senha → link do email → nova senha → login com a nova (a antiga é recusada)', async ({ page }) => {
  const user = await createConfirmedUser({ password: 'senha-antiga-1' });

  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(
    page.getByText(`Se o email ${user.email} estiver associado a uma conta, você receberá um link para redefinir sua senha.`),
  ).toBeVisible();
  await expect(toastWith(page, 'Email de redefinição enviado')).toBeVisible();

  const link = await waitForLink(user.email, RECOVERY_LINK);
  await page.goto(link);
  await page.waitForURL(/\/reset-password/);
  await expect(toastWith(page, 'Pronto para redefinir!')).toContainText('Você pode definir sua nova senha agora.');
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();

  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-2');
  await page.getByLabel('Confirmar nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByLabel('Confirmar nova senha')).toHaveAccessibleDescription('As senhas não coincidem.');
  await expect(toastWith(page, 'Erro de Validação')).toContainText('As senhas não coincidem.');

  await page.getByLabel('Nova senha', { exact: true }).fill('abc');
  await page.getByLabel('Confirmar nova senha').fill('abc');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(toastWith(page, 'Senha muito curta')).toContainText('A senha deve ter pelo menos 6 caracteres.');
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveAccessibleDescription(/A senha deve ter pelo menos 6 caracteres\./);

  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-2');
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-2');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('heading', { name: 'Senha Redefinida!' })).toBeVisible();
  await expect(toastWith(page, 'Senha redefinida com sucesso!')).toContainText('Você já pode fazer login com sua nova senha.');
  // Signed out at once, then sent to /login after 3 s (and it stays there).
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
  await page.waitForURL(/\/login\/?$/, { timeout: 10_000 });

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha').fill('senha-antiga-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toastWith(page, 'Credenciais inválidas')).toBeVisible();

  await page.getByLabel('Senha').fill('nova-senha-2');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
});
