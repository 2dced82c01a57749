// Validation messages, toasts, busy buttons and redirects of the authentication screens.
import { DEMO, anonClient, createConfirmedUser, e2eEnv, expect, inbox, loginAs, storageKey, test } from './fixtures';
import { CONFIRM_LINK, createUnconfirmedUser, mailsTo, toastWith, uniqueEmail, waitForLink } from './public-helpers';
import { AUTH_REDIRECT_DELAY_MS } from '../../src/lib/public/auth-links';

test.describe('login', () => {
  // One load of /login for everything its form can show (each a step; soft checks name what failed); the sign-in that
  // works comes last, as it leaves the page.
  test('o formulário de /login: links, campos em branco, e-mail inválido sem chamar o servidor, senha errada, reenvio sem e-mail, "Entrando..." sem envio duplo e sucesso no /dashboard', async ({ page }) => {
    let tokenCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/token')) tokenCalls += 1;
    });
    await page.goto('/login');

    await test.step('tem links para esqueci a senha e cadastro', async () => {
      await expect.soft(page.getByRole('link', { name: 'Esqueceu sua senha?' }), 'link de esqueci a senha').toHaveAttribute('href', '/forgot-password');
      await expect.soft(page.getByRole('link', { name: 'Cadastre-se' }), 'link de cadastro').toHaveAttribute('href', '/register');
    });

    await test.step('campos em branco: "Campos obrigatórios: Por favor, preencha email e senha." com o erro ligado a cada campo', async () => {
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(toastWith(page, 'Campos obrigatórios')).toContainText('Por favor, preencha email e senha.');
      const email = page.getByLabel('E-mail');
      await expect.soft(email, 'e-mail inválido').toHaveAttribute('aria-invalid', 'true');
      await expect.soft(email, 'erro do e-mail').toHaveAccessibleDescription('Campo obrigatório.');
      await expect.soft(page.getByLabel('Senha'), 'erro da senha').toHaveAccessibleDescription('Campo obrigatório.');
      await expect.soft(email, 'foco no e-mail').toBeFocused();
      await expect.soft(email, 'e-mail obrigatório').toHaveAttribute('aria-required', 'true');
      await expect.soft(email, 'autocomplete do e-mail').toHaveAttribute('autocomplete', 'email');
      await expect.soft(page.getByLabel('Senha'), 'autocomplete da senha').toHaveAttribute('autocomplete', 'current-password');
    });

    await test.step('e-mail em formato inválido: "Informe um e-mail válido." no campo, sem chamar o servidor', async () => {
      tokenCalls = 0;
      await page.getByLabel('E-mail').fill('cliente@exemplo..com');
      await page.getByLabel('Senha').fill('qualquer-1');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(toastWith(page, 'E-mail inválido')).toContainText('Informe um e-mail válido.');
      await expect.soft(page.getByLabel('E-mail'), 'erro do e-mail').toHaveAccessibleDescription('Informe um e-mail válido.');
      await expect.soft(page.getByLabel('E-mail'), 'foco no e-mail').toBeFocused();
      await expect.soft(page, 'continua no /login').toHaveURL(/\/login\/?$/);
      expect.soft(tokenCalls, 'chamadas ao servidor').toBe(0);
    });

    await test.step('senha errada: "Credenciais inválidas"', async () => {
      await page.getByLabel('E-mail').fill(DEMO.client.email);
      await page.getByLabel('Senha').fill('nao-e-esta');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(toastWith(page, 'Credenciais inválidas')).toContainText('Email ou senha incorretos. Por favor, tente novamente.');
      await expect.soft(page, 'continua no /login').toHaveURL(/\/login\/?$/);
    });

    await test.step('reenviar confirmação sem email: "Email necessário"', async () => {
      // An account not confirmed yet (its one confirmation e-mail sent), then the login notice with the e-mail field cleared.
      const pending = await createUnconfirmedUser();
      await page.getByLabel('E-mail').fill(pending.email);
      await page.getByLabel('Senha').fill(pending.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      const resend = page.getByRole('button', { name: 'Reenviar e-mail de confirmação' });
      await expect(resend).toBeVisible();
      await page.getByLabel('E-mail').fill('');
      await resend.click();
      await expect(toastWith(page, 'Email necessário')).toContainText('Por favor, digite seu email para reenviar a confirmação.');
      expect.soft(await mailsTo(pending.email), 'nenhum e-mail reenviado').toHaveLength(1);
    });

    await test.step('mostra "Entrando..." e não envia duas vezes; sucesso leva ao /dashboard', async () => {
      const user = await createConfirmedUser();
      let calls = 0;
      await page.route('**/auth/v1/token?grant_type=password', async (route) => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel('Senha').fill(user.password);
      await page.getByLabel('Senha').press('Enter');
      const busy = page.getByRole('button', { name: 'Entrando...' });
      await expect(busy).toBeDisabled();
      await page.getByLabel('Senha').press('Enter');
      await page.waitForURL(/\/dashboard\/?$/);
      expect(calls).toBe(1);
    });
  });

  test('um usuário com sessão que abre /login ou /register vai para o /dashboard', async ({ page }) => {
    await loginAs(page, 'client', '/login');
    await page.waitForURL(/\/dashboard\/?$/);
    await page.goto('/register');
    await page.waitForURL(/\/dashboard\/?$/);
  });
});

test.describe('cadastro', () => {
  // One load of /register for the refusals and the account they end in, then that account's 'Verifique seu Email'.
  test('o formulário de /register: senhas diferentes ou curtas, e-mail inválido recusado sem conta nem e-mail, e o reenvio de "Verifique seu Email"', async ({ page }) => {
    let authCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/signup')) authCalls += 1;
    });
    await page.goto('/register');

    await test.step('senhas diferentes: "Erro de Validação: As senhas não coincidem."; curta: "A senha deve ter pelo menos 6 caracteres."', async () => {
      await page.getByLabel('Nome completo').fill('Ana');
      await page.getByLabel('E-mail').fill(uniqueEmail('validacao'));
      await page.getByLabel('Senha', { exact: true }).fill('segredo-1');
      await page.getByLabel('Confirmar senha').fill('segredo-2');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(toastWith(page, 'Erro de Validação')).toContainText('As senhas não coincidem.');
      await expect.soft(page.getByLabel('Confirmar senha'), 'erro da confirmação').toHaveAccessibleDescription('As senhas não coincidem.');

      await page.getByLabel('Senha', { exact: true }).fill('12345');
      await page.getByLabel('Confirmar senha').fill('12345');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(toastWith(page, 'Erro de Validação')).toContainText('A senha deve ter pelo menos 6 caracteres.');
      await expect.soft(page.getByLabel('Senha', { exact: true }), 'erro da senha curta').toHaveAccessibleDescription(/A senha deve ter pelo menos 6 caracteres\./);
      await expect.soft(page.getByRole('heading', { name: 'Criar sua conta' }), 'continua no formulário').toBeVisible();
    });

    const email = uniqueEmail('formato');
    await test.step('um e-mail em formato inválido (cliente@exemplo..com) é recusado antes de chamar o servidor: nenhuma conta, nenhum e-mail', async () => {
      authCalls = 0;
      await page.getByLabel('Nome completo').fill('Cliente Formato');
      await page.getByLabel('E-mail').fill('cliente@exemplo..com');
      await page.getByLabel('Senha', { exact: true }).fill('segredo-1');
      await page.getByLabel('Confirmar senha').fill('segredo-1');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(toastWith(page, 'E-mail inválido')).toContainText('Informe um e-mail válido.');
      await expect.soft(page.getByLabel('E-mail'), 'erro do e-mail').toHaveAccessibleDescription('Informe um e-mail válido.');
      await expect.soft(page.getByLabel('E-mail'), 'foco no e-mail').toBeFocused();
      await expect.soft(page.getByRole('heading', { name: 'Verifique seu Email' }), 'nenhuma conta criada').toBeHidden();
      expect.soft(authCalls, 'chamadas ao servidor').toBe(0);
      expect.soft(await inbox(), 'nenhum e-mail').not.toContainEqual(expect.objectContaining({ to: 'cliente@exemplo..com' }));

      // Fixing the address clears its message on the next submit and the account is created.
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(page.getByRole('heading', { name: 'Verifique seu Email' })).toBeVisible();
      expect.soft(authCalls, 'chamadas ao servidor com o e-mail corrigido').toBe(1);
    });

    await test.step('o reenvio da tela "Verifique seu Email" manda um novo email', async () => {
      await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
      await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click();
      await expect(toastWith(page, 'Email de confirmação reenviado')).toBeVisible();
      await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    });
  });

  test('um email que já tem conta vê a mesma tela "Verifique seu Email", sem revelar a conta e sem novo email', async ({ page }) => {
    const existing = await createConfirmedUser();
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Outra Pessoa');
    await page.getByLabel('E-mail').fill(existing.email);
    await page.getByLabel('Senha', { exact: true }).fill('qualquer-1');
    await page.getByLabel('Confirmar senha').fill('qualquer-1');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('heading', { name: 'Verifique seu Email' })).toBeVisible();
    await expect(page.getByText('Se já existe uma conta com este email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'redefinir sua senha' })).toHaveAttribute('href', '/forgot-password');
    expect(await mailsTo(existing.email)).toHaveLength(0);
  });

  test('se o servidor já devolve uma sessão no cadastro (sem confirmação por email), vai direto ao /dashboard', async ({ page }) => {
    // A project with e-mail confirmation off answers signup with a session: here the answer is a real session of a
    // new confirmed account, given in place of the local server's (which always asks for confirmation).
    const user = await createConfirmedUser({ name: 'Cadastro Imediato' });
    const { data, error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
    await page.route('**/auth/v1/signup**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data.session) }));
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Cadastro Imediato');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByLabel('Confirmar senha').fill(user.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    await expect(page.getByRole('button', { name: 'Sair da Conta' })).toBeVisible();
  });
});

test.describe('esqueci a senha', () => {
  test('em branco: "Campo obrigatório: Por favor, preencha seu email."; um email sem conta recebe a mesma confirmação (e nenhum email é enviado)', async ({ page }) => {
    await page.goto('/forgot-password');
    await test.step('em branco: "Campo obrigatório: Por favor, preencha seu email."', async () => {
      await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
      await expect(toastWith(page, 'Campo obrigatório')).toContainText('Por favor, preencha seu email.');
      await expect.soft(page.getByLabel('E-mail'), 'erro do e-mail').toHaveAccessibleDescription('Campo obrigatório.');
    });

    await test.step('um email sem conta recebe a mesma confirmação (e nenhum email é enviado)', async () => {
      const email = uniqueEmail('ninguem');
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
      await expect(page.getByText(`Se o email ${email} estiver associado a uma conta, você receberá um link para redefinir sua senha.`)).toBeVisible();
      expect(await mailsTo(email)).toHaveLength(0);
    });
  });
});

test.describe('redefinir senha', () => {
  // One page for the three ways of arriving without a recovery session (each a full load; the expired link first, as
  // going from /reset-password to its own address with a hash would only move to the hash).
  test('link de recuperação expirado, sem sessão de recuperação ou com sessão normal: explica que o link é inválido ou expirou e oferece /forgot-password', async ({ page }) => {
    await test.step('um link de recuperação expirado ou já usado cai na mesma explicação', async () => {
      await page.goto('/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
      await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
    });

    await test.step('sem sessão de recuperação explica que o link é inválido ou expirou e oferece /forgot-password', async () => {
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
      await expect.soft(page.getByRole('link', { name: 'Solicitar novo link' }), 'link para /forgot-password').toHaveAttribute('href', '/forgot-password');
    });

    await test.step('um usuário com sessão normal (sem link de recuperação) também não pode trocar a senha por aqui', async () => {
      await loginAs(page, 'client', '/reset-password');
      await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
    });
  });
});

test.describe('confirmação de email', () => {
  // One page for the links that cannot confirm anything (each a full load of its own address).
  test('links de confirmação ruins: sem token_hash ou type, tipo inválido e token inválido, cada um com sua mensagem e seu toast', async ({ page }) => {
    await test.step('sem token_hash ou type: "Link de confirmação inválido ou incompleto." e toast "Erro de Verificação: Link inválido."', async () => {
      await page.goto('/confirm-email');
      await expect(page.getByText('Link de confirmação inválido ou incompleto.')).toBeVisible();
      await expect.soft(toastWith(page, 'Erro de Verificação'), 'toast').toContainText('Link inválido.');
      await expect.soft(page.getByRole('link', { name: 'Ir para o login' }), 'link para o login').toHaveAttribute('href', '/login');
    });

    await test.step('tipo diferente de signup ou email_change: "Tipo de confirmação inválido."', async () => {
      await page.goto('/confirm-email?token_hash=abc&type=recovery');
      await expect(page.getByText('Tipo de confirmação inválido.')).toBeVisible();
    });

    await test.step('token inválido: toast "Falha na Verificação" e "Erro ao verificar email: {mensagem}"', async () => {
      await page.goto('/confirm-email?token_hash=0000000000000000000000000000000000000000000000000000abcd&type=signup');
      await expect(page.getByText(/^Erro ao verificar email: .+/)).toBeVisible();
      await expect.soft(toastWith(page, 'Falha na Verificação'), 'toast').toBeVisible();
      await expect.soft(page, 'continua em /confirm-email').toHaveURL(/\/confirm-email/);
    });
  });

  test('o link do template padrão do Supabase (resultado no hash da URL) também confirma, sem guardar a sessão do hash; usado de novo, dá erro', async ({ page, baseURL }) => {
    const user = await createUnconfirmedUser();
    const tokenHash = new URL(await waitForLink(user.email, CONFIRM_LINK)).searchParams.get('token_hash')!;
    const verifyUrl = `${e2eEnv().apiUrl}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(`${baseURL}/confirm-email`)}`;
    // The page's clock, so the redirect's delay passes at once instead of in real time.
    await page.clock.install();
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
    await page.clock.runFor(AUTH_REDIRECT_DELAY_MS);
    await page.waitForURL(/\/login\/?$/, { timeout: 10_000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha').fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard\/?$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto(verifyUrl);
    await expect(page.getByText(/^Erro ao verificar email: .+/)).toBeVisible();
    await expect(toastWith(page, 'Falha na Verificação')).toBeVisible();
  });

  // One sign-in of the demo client for both links of other accounts (the link first: the hash one ends on /dashboard).
  test('quem está conectado e abre o link de confirmação de outra conta confirma aquela conta, mas continua na própria; quem está conectado e abre um link com a sessão de outra conta no hash continua na própria conta', async ({ page }) => {
    // The page's clock, so the redirect's delay at the end passes at once instead of in real time.
    await page.clock.install();
    const own = await loginAs(page, 'client');
    const storedSession = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), storageKey());

    await test.step('quem está conectado e abre o link de confirmação de outra conta confirma aquela conta, mas continua na própria', async () => {
      const other = await createUnconfirmedUser();
      const link = await waitForLink(other.email, CONFIRM_LINK);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Email Verificado!' })).toBeVisible();
      await expect
        .soft(page.getByText(`O email ${other.email} foi verificado. Você continua conectado como ${DEMO.client.email}; para usar a conta confirmada, saia e entre com ela.`), 'aviso')
        .toBeVisible();
      expect.soft((await storedSession())?.user?.id, 'sessão guardada').toBe(own.user.id);
      expect.soft((await anonClient().auth.signInWithPassword({ email: other.email, password: other.password })).error, 'a outra conta entra').toBeNull();
    });

    await test.step('quem está conectado e abre um link com a sessão de outra conta no hash continua na própria conta', async () => {
      const intruder = await createConfirmedUser({ name: 'Conta do Atacante' });
      const { data } = await anonClient().auth.signInWithPassword({ email: intruder.email, password: intruder.password });
      const s = data.session!;
      const fragment = new URLSearchParams({
        access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in),
        refresh_token: s.refresh_token, token_type: 'bearer', type: 'signup',
      });
      await page.goto(`/confirm-email#${fragment}`);
      await expect(page.getByText('O email foi verificado. Você continua conectado na sua conta.')).toBeVisible();
      expect.soft(page.url(), 'endereço sem o token').not.toContain('access_token');
      const stored = await storedSession();
      expect.soft(stored?.user?.id, 'sessão guardada').toBe(own.user.id);
      expect.soft(stored?.access_token, 'token guardado').toBe(own.access_token);
      await page.clock.runFor(AUTH_REDIRECT_DELAY_MS);
      await page.waitForURL(/\/dashboard\/?$/, { timeout: 10_000 });
    });
  });

  test('um link de confirmação reaberto depois de confirmar diz "já verificado" (hash e chave do link); sem a chave, só o erro', async ({ page }) => {
    const user = await createUnconfirmedUser();
    const link = await waitForLink(user.email, CONFIRM_LINK);
    expect(new URL(link).searchParams.get('key')).toMatch(/^[0-9a-f]{32}$/);
    const tokenHash = new URL(link).searchParams.get('token_hash')!;
    expect((await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    await page.goto(link);
    await expect(page.getByText('Seu email já foi verificado. Você será redirecionado para o login.')).toBeVisible();
    await page.goto(`/confirm-email?token_hash=${tokenHash}&type=signup`);
    await expect(page.getByText(/^Erro ao verificar email: .+/)).toBeVisible();
  });
});
