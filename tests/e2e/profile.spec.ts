// 'Meu Perfil' and the confirmation link opened twice, end to end through the local Supabase.
import { anonClient, createConfirmedUser, expect, loginAs, serviceClient, storageKey, test } from './fixtures';
import { CONFIRM_LINK, createUnconfirmedUser, toastWith, waitForLink } from './public-helpers';

test.describe.configure({ timeout: 60_000 });

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function storedProfile(id: string) {
  const { data } = await serviceClient().from('profiles').select('full_name, avatar_url').eq('id', id).single();
  return data;
}

test('o avatar do menu leva a "Meu Perfil"; o nome salvo aparece no menu na hora e fica no servidor', async ({ page }) => {
  const user = await createConfirmedUser({ name: 'Nome Antigo' });
  await loginAs(page, user);
  const sidebar = page.getByTestId('sidebar-user');
  await expect(sidebar).toContainText('Nome Antigo');
  await sidebar.getByRole('link', { name: /Meu Perfil/ }).click();
  await page.waitForURL(/\/profile\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();

  const email = page.getByLabel('E-mail');
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByLabel('Nome completo').fill('  Joana Renomeada  ');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(toastWith(page, 'Perfil atualizado!')).toBeVisible();
  await expect(sidebar).toContainText('Joana Renomeada');
  await expect(sidebar.getByTestId('avatar-initials')).toHaveText('JR');
  expect(await storedProfile(user.id)).toEqual({ full_name: 'Joana Renomeada', avatar_url: null });
  await page.reload();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Joana Renomeada');
});

test('o admin também chega a "Meu Perfil" pelo avatar do menu do admin', async ({ page }) => {
  await loginAs(page, 'admin', '/admin/dashboard');
  await page.getByTestId('sidebar-user').getByRole('link', { name: /Meu Perfil/ }).click();
  await page.waitForURL(/\/profile\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('admin@exemplo.com.br');
});

test('URL de foto sem https é recusada; uma https aparece no menu, e uma que não carrega mostra as iniciais', async ({ page }) => {
  const user = await createConfirmedUser({ name: 'Foto Teste' });
  await page.route('https://fotos.exemplo.test/**', (route) =>
    route.request().url().endsWith('/ok.png')
      ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG })
      : route.fulfill({ status: 404, body: '' }),
  );
  await loginAs(page, user, '/profile');
  const avatarField = page.getByLabel('URL da foto (opcional)');
  await avatarField.fill('http://fotos.exemplo.test/ok.png');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Use um endereço de imagem que comece com https://.')).toBeVisible();
  await expect(avatarField).toBeFocused();
  await expect(toastWith(page, 'Perfil atualizado!')).toHaveCount(0);
  expect(await storedProfile(user.id)).toEqual({ full_name: 'Foto Teste', avatar_url: null });

  const sidebar = page.getByTestId('sidebar-user');
  await avatarField.fill('https://fotos.exemplo.test/ok.png');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastWith(page, 'Perfil atualizado!')).toBeVisible();
  await expect(sidebar.getByTestId('avatar-image')).toHaveAttribute('src', 'https://fotos.exemplo.test/ok.png');
  expect((await storedProfile(user.id))?.avatar_url).toBe('https://fotos.exemplo.test/ok.png');

  await avatarField.fill('https://fotos.exemplo.test/sumiu.png');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastWith(page, 'Perfil atualizado!')).toBeVisible();
  await expect(sidebar.getByTestId('avatar-initials')).toHaveText('FT');
});

test('nome vazio é recusado e o rascunho sobrevive a uma falha de gravação', async ({ page }) => {
  const user = await createConfirmedUser({ name: 'Rascunho Teste' });
  await loginAs(page, user, '/profile');
  const name = page.getByLabel('Nome completo');
  await name.fill('   ');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe seu nome completo.')).toBeVisible();

  await name.fill('Nome Não Salvo');
  await page.route('**/rest/v1/profiles**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"indisponível"}' }));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastWith(page, 'Erro ao salvar perfil')).toBeVisible();
  await page.unroute('**/rest/v1/profiles**');
  await page.reload();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Nome Não Salvo');
  expect((await storedProfile(user.id))?.full_name).toBe('Rascunho Teste');
});

test('alterar senha: pede a senha atual, recusa a errada e a confirmação diferente; depois a nova senha entra e as outras sessões caem', async ({ page }) => {
  const user = await createConfirmedUser({ password: 'senha-antiga-1' });
  const other = await anonClient().auth.signInWithPassword({ email: user.email, password: 'senha-antiga-1' });
  expect(other.error).toBeNull();
  await loginAs(page, user, '/profile');

  const form = page.getByRole('form', { name: 'Alterar senha' });
  // The screen starts after the first paint: on a busy machine that can take a while.
  await expect(form).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Ao trocar a senha, as outras sessões da sua conta são encerradas')).toBeVisible();
  await form.getByLabel('Nova senha', { exact: true }).fill('senha-nova-2');
  await form.getByLabel('Confirmar nova senha').fill('senha-nova-2');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('Informe sua senha atual.')).toBeVisible();
  await expect(form.getByLabel('Senha atual')).toBeFocused();

  await form.getByLabel('Senha atual').fill('senha-errada');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('A senha atual está incorreta.')).toBeVisible();
  await expect(form.getByLabel('Senha atual')).toBeFocused();
  // Nothing changed: the old password still signs in, and the other session still refreshes.
  expect((await anonClient().auth.signInWithPassword({ email: user.email, password: 'senha-antiga-1' })).error).toBeNull();

  await form.getByLabel('Senha atual').fill('senha-antiga-1');
  await form.getByLabel('Confirmar nova senha').fill('senha-nova-3');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('As senhas não coincidem.')).toBeVisible();

  await form.getByLabel('Nova senha', { exact: true }).fill('12345');
  await form.getByLabel('Confirmar nova senha').fill('12345');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('A senha deve ter pelo menos 6 caracteres.')).toBeVisible();

  await form.getByLabel('Nova senha', { exact: true }).fill('senha-nova-2');
  await form.getByLabel('Confirmar nova senha').fill('senha-nova-2');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(toastWith(page, 'Senha alterada!')).toBeVisible();
  await expect(form.getByLabel('Nova senha', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Senha atual')).toHaveValue('');

  const refreshed = await anonClient().auth.refreshSession({ refresh_token: other.data.session!.refresh_token });
  expect(refreshed.error?.code).toBe('refresh_token_not_found');

  // This tab's session goes on.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair da Conta' }).click();
  await page.waitForURL(/\/login\/?$/);
  await page.getByLabel(/^E-?mail$/).fill(user.email);
  await page.getByLabel('Senha').fill('senha-antiga-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toastWith(page, 'Credenciais inválidas')).toBeVisible();
  await page.getByLabel('Senha').fill('senha-nova-2');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
});

test('alterar senha em um navegador encerra a sessão do outro: a aba aberta nele perde o acesso em até um minuto', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const user = await createConfirmedUser({ password: 'senha-antiga-1', name: 'Duas Sessões' });
  const elsewhere = await browser.newContext();
  try {
    const otherTab = await elsewhere.newPage();
    // The other tab's clock is the test's to move: a minute passes there without the test waiting it out.
    await otherTab.clock.install();
    await loginAs(otherTab, user, '/tasks');
    await expect(otherTab.getByRole('heading', { level: 1, name: 'Minhas Tarefas' })).toBeVisible({ timeout: 60_000 });
    await expect(otherTab.getByTestId('sidebar-user')).toContainText('Duas Sessões', { timeout: 60_000 });

    await loginAs(page, user, '/profile');
    const form = page.getByRole('form', { name: 'Alterar senha' });
    await expect(form).toBeVisible({ timeout: 60_000 });
    await form.getByLabel('Senha atual').fill('senha-antiga-1');
    await form.getByLabel('Nova senha', { exact: true }).fill('senha-nova-2');
    await form.getByLabel('Confirmar nova senha').fill('senha-nova-2');
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(toastWith(page, 'Senha alterada!')).toBeVisible();

    // The other browser's open tab finds out on its own within a minute (no reload, no click) and is signed out, saying
    // why; it stays where it is (nothing typed is lost) but no longer holds a session, and the next signed-in page asks
    // to log in.
    await expect(toastWith(otherTab, 'Sessão encerrada')).toHaveCount(0);
    await otherTab.clock.runFor(60_000);
    await expect(toastWith(otherTab, 'Sessão encerrada')).toBeVisible();
    expect(await otherTab.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
    await expect(otherTab.getByTestId('sidebar-user')).not.toContainText('Duas Sessões');
    await otherTab.goto('/tasks');
    await otherTab.waitForURL(/\/login\/?$/);

    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test('link de confirmação aberto duas vezes (um leitor de email abriu antes): "já foi verificado" e segue para o login', async ({ page }) => {
  const user = await createUnconfirmedUser();
  const link = await waitForLink(user.email, CONFIRM_LINK);
  // The scanner: it follows the link elsewhere, so this browser holds no session.
  const tokenHash = new URL(link).searchParams.get('token_hash')!;
  expect((await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail já verificado' })).toBeVisible();
  await expect(page.getByText('Seu email já foi verificado. Você será redirecionado para o login.')).toBeVisible();
  await expect(page.getByText(/Email link is invalid/)).toHaveCount(0);
  await page.waitForURL(/\/login\/?$/, { timeout: 10_000 });
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
});

test('link de confirmação aberto de novo no mesmo navegador, já com sessão: "já foi verificado" e segue para o painel', async ({ page }) => {
  const user = await createUnconfirmedUser();
  const link = await waitForLink(user.email, CONFIRM_LINK);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
  await page.waitForURL(/\/dashboard\/?$/, { timeout: 10_000 });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('Seu e-mail já foi verificado. Em instantes, você vai para o painel.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o painel' })).toHaveAttribute('href', '/dashboard');
  await page.waitForURL(/\/dashboard\/?$/, { timeout: 10_000 });
});

test('a 390 px, o avatar no menu aberto também leva a "Meu Perfil"', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser({ name: 'Tela Pequena' });
  await loginAs(page, user);
  // The shell has hydrated once the guard shows the page.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Meu Perfil/ }).click();
  await page.waitForURL(/\/profile\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
});
