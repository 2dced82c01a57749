// The landing page: sections, anchors, header, mobile menu, demo chat, JS off, 404.
import { BOT_GREETING, BOT_REPLIES } from '../../src/lib/public/landing-chat';
import { createConfirmedUser, expect, loginAs, serviceClient, storageKey, test } from './fixtures';

test.describe('landing', () => {
  test('mostra o hero com as estatísticas, os seis serviços, três depoimentos, o chatbot e o rodapé', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Inteligência Artificial');
    const stats = page.locator('dl').first();
    for (const [value, label] of [
      ['+500', 'clientes satisfeitos'],
      ['98%', 'satisfação'],
      ['+1000', 'projetos entregues'],
    ]) {
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    const services = page.locator('#services-section');
    for (const s of ['Automação de Processos', 'Análise Preditiva', 'Chatbots Inteligentes', 'Análise de Dados', 'Desenvolvimento Personalizado', 'Consultoria em IA']) {
      await expect(services.getByRole('heading', { name: s })).toBeVisible();
    }
    await expect(page.locator('#features-section').getByRole('heading', { name: 'Por que escolher a Portal IA?' })).toBeVisible();
    const testimonials = page.locator('#casos figure');
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.first().getByRole('img', { name: /Avaliação: \d de 5 estrelas/ })).toBeVisible();
    await expect(testimonials.first().getByText('MC', { exact: true })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Conversa com o assistente' })).toContainText(BOT_GREETING);
    const cta = page.locator('#cta-section');
    await expect(cta.getByRole('link', { name: 'Fale com um especialista' })).toHaveAttribute('href', /^mailto:contato@portalia\.com\.br/);
    const footer = page.locator('footer');
    await expect(footer.locator('address')).toContainText('Av. Paulista, 1000');
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);
    await expect(footer.getByRole('link', { name: /Instagram/ })).toBeVisible();
  });

  test('Entrar leva a /login e Começar Agora a /register quando não há sessão', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    await expect(header.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Começar Agora' })).toHaveAttribute('href', '/register');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await header.getByRole('link', { name: 'Começar Agora' }).click();
    await expect(page).toHaveURL(/\/register\/?$/);
  });

  test('os links do cabeçalho rolam até #services-section, #features-section, #cta-section e de volta ao topo', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const [label, target] of [
      ['Serviços', '#services-section'],
      ['Sobre', '#features-section'],
      ['Contato', '#cta-section'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    }
    // Smooth scrolling: the page does not jump at once.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await nav.getByRole('link', { name: 'Início' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('as âncoras do rodapé #servicos, #sobre, #casos e #contato levam a seções reais', async ({ page }) => {
    await page.goto('/');
    const footerNav = page.getByRole('navigation', { name: 'Rodapé' });
    for (const [label, id, heading] of [
      ['Serviços', 'servicos', 'Soluções de IA para cada desafio'],
      ['Sobre', 'sobre', 'Por que escolher a Portal IA?'],
      ['Casos de Sucesso', 'casos', 'O que nossos clientes dizem'],
      ['Contato', 'contato', /Pronto para levar inteligência artificial/],
    ] as const) {
      const link = footerNav.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveAttribute('href', `#${id}`);
      await expect(page.locator(`#${id}`)).toHaveCount(1);
      await link.click();
      await expect(page.locator(`#${id}`).getByRole('heading', { name: heading })).toBeInViewport();
    }
  });

  test('o cabeçalho fica translúcido depois de rolar mais de 10 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');

    await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    // White with transparency (translucent), and a backdrop blur behind it.
    await expect.poll(background).toMatch(/^rgba\(255, 255, 255, 0\.[1-9]\d*\)$/);
    expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur');

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test.describe('em um celular (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('o menu móvel abre, navega até a seção, fecha sozinho e fecha com Esc', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Abrir menu' });
      const menu = page.locator('#mobile-menu');
      await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
      for (const label of ['Início', 'Serviços', 'Sobre', 'Contato', 'Entrar', 'Começar Agora']) {
        await expect(menu.getByRole('link', { name: label })).toBeVisible();
      }
      await menu.getByRole('link', { name: 'Serviços' }).click();
      await expect(menu).toBeHidden();
      await expect(page.locator('#services-section')).toBeInViewport();

      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();
    });

    test('nada transborda na largura da tela', async ({ page }) => {
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  test('chatbot: ignora mensagem em branco, mostra "digitando" e responde após 1,5 s sem chamar a rede', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // Fake time stands still from here on; the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const log = page.getByRole('log', { name: 'Conversa com o assistente' });
    const input = page.getByRole('textbox', { name: 'Sua mensagem para o assistente' });
    const typing = page.getByText('O assistente está digitando…');
    await expect(log.locator('[data-sender]')).toHaveCount(1);
    await expect(log).toHaveAttribute('aria-live', 'polite');
    // The page's own modules (loaded after the first paint, in several chunks) are not the chatbot's doing.
    await page.waitForLoadState('networkidle');

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    await input.fill('   ');
    await input.press('Enter');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(log.locator('[data-sender]')).toHaveCount(1);
    await expect(typing).toBeHidden();

    await input.fill('Vocês fazem chatbots para WhatsApp?');
    await input.press('Enter');
    await expect(log.locator('[data-sender="user"]')).toHaveText(/Vocês fazem chatbots para WhatsApp\?/);
    await expect(input).toHaveValue('');
    await expect(typing).toBeVisible();

    await page.clock.runFor(1400);
    await expect(log.locator('[data-sender]')).toHaveCount(2);
    await expect(typing).toBeVisible();

    await page.clock.runFor(100);
    await expect(log.locator('[data-sender]')).toHaveCount(3);
    await expect(typing).toBeHidden();
    const reply = (await log.locator('[data-sender="bot"]').last().textContent())!.replace(/^Assistente: /, '');
    expect(BOT_REPLIES).toContain(reply);
    expect(requests).toEqual([]);
  });

  test('com sessão, mostra Dashboard e Sair; Sair encerra a sessão e mostra "Logout realizado"', async ({ page }) => {
    await loginAs(page, 'client', '/');
    const header = page.locator('#site-header');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeHidden();
    await header.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Logout realizado' })).toContainText('Você saiu da sua conta.');
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
  });

  test('Sair limpa a sessão local mesmo quando o servidor já não a reconhece', async ({ page }) => {
    const user = await createConfirmedUser();
    await loginAs(page, { email: user.email, password: user.password }, '/');
    const header = page.locator('#site-header');
    await expect(header.getByRole('button', { name: 'Sair' })).toBeVisible();
    // The account disappears on the server: its logout answers with an error that supabase-js ignores (401/403/404).
    const { error } = await serviceClient().auth.admin.deleteUser(user.id);
    expect(error).toBeNull();
    await header.getByRole('button', { name: 'Sair' }).click();
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey())).toBeNull();
  });

  test('não carrega nada de outros hosts (imagens, fontes, scripts)', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});

test.describe('sem JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('o conteúdo da landing é legível', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('+500', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Consultoria em IA' })).toBeVisible();
    await expect(page.locator('#casos figure')).toHaveCount(3);
    await expect(page.getByText(BOT_GREETING)).toBeVisible();
    // (Playwright's text selectors and matchers skip <noscript>'s content, so it is read as HTML.)
    const hint = page.locator('#demo-section noscript');
    await expect(hint).toBeVisible();
    expect(await hint.innerHTML()).toContain('Ative o JavaScript para conversar com o assistente de demonstração.');
    await expect(page.locator('footer address')).toContainText('São Paulo');
    await expect(page.locator('#site-header').getByRole('link', { name: 'Entrar' })).toBeVisible();
  });

  test.describe('em um celular', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('os links do menu ficam visíveis sem o botão de menu', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Serviços' })).toBeVisible();
      await expect(page.locator('#mobile-menu-toggle')).toBeHidden();
    });
  });
});

test.describe('404', () => {
  for (const path of ['/pagina-que-nao-existe', '/admin/pagina-que-nao-existe']) {
    test(`${path} responde 404 com "Página não encontrada", link para o início e "Reportar problema"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Reportar problema' })).toHaveAttribute('href', /^mailto:/);
      await page.getByRole('link', { name: 'Voltar para o início' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});
