// The bell and the notification e-mail, with a client and a staff member side by side: a staff reply rings the
// client's bell without a reload, a click opens the ticket and marks it read, 'Marcar todas como lidas', the panel is
// axe-clean at 1280 and 390 px, the e-mail preference switch (the e-mail's 'Preferências' link opens it at 390 px too,
// through the top bar's bell), and the e-mail arrives once, grouped.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { createConfirmedUser, e2eEnv, expect, inbox, loginAs, serviceClient, test } from './fixtures';

const bell = (page: Page) => page.getByRole('complementary').getByTestId('notification-bell');

async function callNotifyEmail(): Promise<unknown> {
  const { apiUrl, secretKey } = e2eEnv();
  const res = await fetch(`${apiUrl}/functions/v1/notify-email`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'send' }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

test('uma resposta da equipe toca o sino do cliente ao vivo; o clique abre o ticket e marca lida; o e-mail chega uma vez, agrupado', async ({ browser }) => {
  test.slow();
  const client = await createConfirmedUser();
  const subject = `Notificação ${Date.now().toString(36)}`;
  const { data: ticket, error } = await serviceClient()
    .from('support_tickets')
    .insert({ user_id: client.id, subject, message_content: 'Meu relatório não abre.' })
    .select('id')
    .single();
  expect(error).toBeNull();

  const { baseURL } = e2eEnv();
  const clientCtx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staffCtx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await clientCtx.newPage();
  const staff = await staffCtx.newPage();
  try {
    await loginAs(page, client, '/support');
    await expect(bell(page)).toHaveAccessibleName('Notificações');
    await loginAs(staff, 'admin', `/admin/support/${ticket!.id}`);
    await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();

    // An internal note rings nothing; two replies ring twice, live.
    await staff.getByRole('radio', { name: 'Nota interna' }).check();
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Cliente já ligou duas vezes.');
    await staff.getByRole('button', { name: 'Adicionar Nota' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Nota adicionada' })).toBeVisible();
    await staff.getByRole('radio', { name: 'Resposta ao cliente' }).check();
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Já corrigimos o relatório.');
    await staff.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Resposta enviada' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notificações, 1 não lida');
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Pode testar de novo?');
    await staff.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await expect(bell(page).getByTestId('notification-count')).toHaveText('2');

    // The panel: newest first, relative time, axe-clean; the note is not there.
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    const items = panel.getByTestId('notification-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`Nova resposta no ticket "${subject}"`);
    await expect(items.first()).toContainText('Pode testar de novo?');
    await expect(items.first()).toContainText('agora mesmo');
    await expect(panel).not.toContainText('Cliente já ligou');
    await expectNoAxeViolations(page, 'painel de notificações (1280 px)');

    // A click marks it read and opens the ticket.
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`/support/${ticket!.id}$`));
    await expect(bell(page)).toHaveAccessibleName('Notificações, 1 não lida');

    // 'Marcar todas como lidas', then the preferences (keyboard only), at 390 px.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notificações');
    await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Preferências' }).click();
    const emailSwitch = panel.getByRole('switch', { name: 'Receber notificações por e-mail' });
    await expect(emailSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(emailSwitch).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawerBell = page.locator('#shell-drawer').getByTestId('notification-bell');
    await expect(drawerBell).toHaveAccessibleName('Notificações');
    await drawerBell.click();
    await expect(panel.getByText('Nenhuma notificação por enquanto.').or(panel.getByTestId('notification-item').first())).toBeVisible();
    await expectNoAxeViolations(page, 'painel de notificações (390 px)');

    // The e-mails' 'Preferências' link opens the preferences at a phone's width too: the top bar has the bell.
    await page.keyboard.press('Escape');
    await page.goto('/dashboard#notificacoes');
    await expect(page.getByRole('banner').getByTestId('notification-bell')).toBeVisible();
    await expect(panel.getByRole('switch', { name: 'Receber notificações por e-mail' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByRole('banner').getByTestId('notification-bell').click();
    await expect(panel.getByRole('heading', { name: 'Notificações' })).toBeVisible();

    // The e-mail: both replies in one message, sent once even when the function runs again.
    await callNotifyEmail();
    await callNotifyEmail();
    const mails = (await inbox()).filter((m) => m.to === client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 novas notificações · Portal IA');
    expect(mails[0]!.html).toContain('Já corrigimos o relatório.');
    expect(mails[0]!.html).toContain('Pode testar de novo?');
    expect(mails[0]!.html).not.toContain('Cliente já ligou');
    expect(mails[0]!.links).toContain(new URL(`/support/${ticket!.id}`, baseURL).href);
  } finally {
    await clientCtx.close();
    await staffCtx.close();
  }
});
