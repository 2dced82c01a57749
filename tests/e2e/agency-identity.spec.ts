// The agency's name and contact e-mail from 'Configurações' > 'Geral' reach the pages built with the defaults: the
// admin saves them (a bad contact e-mail is refused in pt-BR), the console's title follows at once, and a visitor's
// landing and login pages show the new name in their titles and texts and link the new contact address.
import { e2eEnv, expect, loginAs, serviceClient, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const NAME = 'Agência Aurora';
const CONTACT = 'fale@aurora.com.br';

test.afterEach(async () => {
  const { error } = await serviceClient()
    .from('app_settings')
    .update({ app_name: 'Portal IA', contact_email: 'contato@portalia.com.br' })
    .eq('id', true);
  if (error) throw new Error(error.message);
});

test('o nome da agência e o e-mail de contato das configurações chegam aos títulos, às páginas públicas e ao link de contato', async ({ page, browser }) => {
  await loginAs(page, 'admin', '/admin/settings');
  await expect(page).toHaveTitle('Configurações do Sistema | Portal IA');
  const contact = page.getByLabel('E-mail de Contato');
  await expect(contact).toHaveValue('contato@portalia.com.br');
  await page.getByLabel('Nome do Aplicativo').fill(NAME);
  await contact.fill('fale@aurora');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Informe um e-mail de contato válido.')).toBeVisible();
  await contact.fill(` ${CONTACT.toUpperCase()} `);
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Configurações salvas' })).toBeVisible();
  await expect(contact).toHaveValue(CONTACT);
  await expect(page).toHaveTitle(`Configurações do Sistema | ${NAME}`);
  const { data } = await serviceClient().from('app_settings').select('app_name, contact_email').single();
  expect(data).toEqual({ app_name: NAME, contact_email: CONTACT });

  // Another console page, loaded fresh: its title and the sidebar name the agency.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveTitle(new RegExp(` \\| ${NAME}$`));

  // A visitor who never came before (no kept values): the landing and the login page.
  const visitor = await browser.newPage({ baseURL: e2eEnv().baseURL });
  await visitor.goto('/');
  await expect(visitor).toHaveTitle(NAME);
  await expect(visitor.locator('#features-section').getByRole('heading', { name: `Por que escolher a ${NAME}?` })).toBeVisible();
  await expect(visitor.locator('footer')).toContainText(`${NAME}. Todos os direitos reservados.`);
  const footerMail = visitor.locator('footer').getByRole('link', { name: CONTACT });
  await expect(footerMail).toHaveAttribute('href', `mailto:${CONTACT}`);
  await expect(visitor.locator('#cta-section').getByRole('link', { name: CONTACT })).toHaveAttribute('href', new RegExp(`^mailto:${CONTACT}\\?subject=`));
  await expect(visitor.locator('#cta-section').getByRole('link', { name: 'Fale com um especialista' })).toHaveAttribute('href', new RegExp(`^mailto:${CONTACT}\\?subject=`));
  await expect(visitor.getByText('contato@portalia.com.br')).toHaveCount(0);
  await visitor.goto('/login');
  await expect(visitor).toHaveTitle(`Entrar | ${NAME}`);
  await visitor.close();
});
