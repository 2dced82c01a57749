// Admin client management on real data: list (the agency's leads and accounts, manager join, counts), search, add,
// detail, delete. Editing, deleting from the list and the portal account's lists: admin-clients-edit.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect, loginAs, serviceClient, anonClient, createConfirmedUser, DEMO } from './fixtures';

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** An agency lead (no owner), as the admin form creates it. */
async function agencyLead(tag: string, label: string) {
  const lower = label.toLowerCase();
  const { data, error } = await serviceClient()
    .from('clients')
    .insert({ full_name: `Cliente ${label} ${tag}`, email: `cliente-${lower}-${tag}@exemplo.com.br`, phone: '(11) 98888-7777', company_name: `Empresa ${label} ${tag}` })
    .select('id, owner_user_id')
    .single();
  if (error) throw error;
  return data;
}

/** Signs up a fresh confirmed user and inserts one contact into that user's own CRM (owner = the user, via RLS). */
async function privateContactOfNewUser(tag: string, label: string) {
  const password = 'senha-forte-1';
  const lower = label.toLowerCase();
  const user = await createConfirmedUser({ email: `dono-${lower}-${tag}@exemplo.com.br`, password, name: `Dono ${label} ${tag}` });
  const supa = anonClient();
  const { error: signInError } = await supa.auth.signInWithPassword({ email: user.email, password });
  if (signInError) throw signInError;
  const { data, error } = await supa
    .from('clients')
    .insert({ full_name: `Contato ${label} ${tag}`, email: `contato-${lower}-${tag}@exemplo.com.br` })
    .select('id, owner_user_id')
    .single();
  if (error) throw error;
  return { user, contact: data };
}

async function adminProfileId(): Promise<string> {
  const { data, error } = await serviceClient().from('profiles').select('id').eq('email', DEMO.admin.email).single();
  if (error) throw error;
  return data.id;
}

/** The client entries on screen: table rows on wide screens, cards on narrow ones (only the visible layout). */
function items(page: Page) {
  return page.getByTestId('admin-client').filter({ visible: true });
}

function footer(page: Page) {
  return page.getByText(/^Exibindo \d+ de \d+ clientes\.$/);
}

async function counts(page: Page): Promise<[number, number]> {
  const text = (await footer(page).textContent()) ?? '';
  const m = /Exibindo (\d+) de (\d+) clientes\./.exec(text);
  return [Number(m?.[1]), Number(m?.[2])];
}

test.describe('lista de clientes do admin', () => {
  test('mostra os clientes da agência (leads e contas do portal), nunca o CRM de um cliente, com o gerente (ou "Não atribuído") e as contagens', async ({ page }) => {
    const tag = uid();
    const a = await agencyLead(tag, 'A');
    await agencyLead(tag, 'B');
    expect(a.owner_user_id).toBeNull();
    const { user } = await privateContactOfNewUser(tag, 'P');
    const manager = await adminProfileId();
    const { error } = await serviceClient().from('clients').update({ account_manager_id: manager }).eq('id', a.id);
    expect(error).toBeNull();

    await loginAs(page, 'admin');
    await page.goto('/admin/clients');
    const rowA = items(page).filter({ hasText: `Cliente A ${tag}` });
    const rowB = items(page).filter({ hasText: `Cliente B ${tag}` });
    await expect(rowA).toBeVisible();
    await expect(rowB).toBeVisible();
    await expect(rowA).toContainText('Super Administrador');
    await expect(rowB).toContainText('Não atribuído');
    // The sign-up became an agency client at once; the contact in that user's own CRM stays theirs.
    await expect(items(page).filter({ hasText: user.email })).toBeVisible();
    await expect(items(page).filter({ hasText: `Contato P ${tag}` })).toHaveCount(0);
    await expect(rowA).toContainText(`Empresa A ${tag}`);
    await expect(rowA).toContainText('Lead');
    await expect(rowA.getByRole('link', { name: `cliente-a-${tag}@exemplo.com.br` })).toHaveAttribute(
      'href',
      `mailto:cliente-a-${tag}@exemplo.com.br`,
    );
    await expect(rowA.getByRole('link', { name: '(11) 98888-7777' })).toHaveAttribute('href', 'tel:11988887777');

    const [shown, total] = await counts(page);
    expect(shown).toBe(total);
    expect(total).toBeGreaterThanOrEqual(2);
    await expect(items(page)).toHaveCount(shown);
  });

  test('a busca estreita a lista e o rodapé passa a contar só o que aparece', async ({ page }) => {
    const tag = uid();
    await agencyLead(tag, 'C');
    await agencyLead(tag, 'D');
    await loginAs(page, 'admin');
    await page.goto('/admin/clients');
    await expect(items(page).filter({ hasText: `Cliente C ${tag}` })).toBeVisible();
    const [, total] = await counts(page);

    await page.getByLabel('Buscar clientes').fill(tag);
    await expect(items(page)).toHaveCount(2);
    await expect(footer(page)).toHaveText(`Exibindo 2 de ${total} clientes.`);

    await page.getByLabel('Buscar clientes').fill(`Empresa D ${tag}`);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).filter({ hasText: `Cliente D ${tag}` })).toBeVisible();

    await page.getByLabel('Buscar clientes').fill(`nada-${tag}`);
    await expect(page.getByText('Nenhum cliente corresponde à busca.')).toBeVisible();
    await expect(footer(page)).toHaveText(`Exibindo 0 de ${total} clientes.`);
  });

  test('cada linha leva aos detalhes do cliente', async ({ page }) => {
    const tag = uid();
    const c = await agencyLead(tag, 'E');
    await loginAs(page, 'admin');
    await page.goto('/admin/clients');
    await expect(page.getByRole('link', { name: `Editar Cliente E ${tag}` })).toHaveAttribute('href', `/admin/clients/edit/${c.id}`);
    await page.getByRole('link', { name: `Ver detalhes de Cliente E ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${c.id}/?$`));
  });
});

test.describe('adicionar cliente', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin/clients/new');
  });

  test('sem nome e email mostra "Campos obrigatórios" e mantém o que foi digitado', async ({ page }) => {
    await page.getByLabel('Empresa').fill('Empresa Mantida');
    await page.getByLabel('Telefone').fill('(21) 3333-4444');
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page.getByText('Campos obrigatórios')).toBeVisible();
    await expect(page.getByText('Nome completo e email são obrigatórios.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/clients\/new\/?$/);
    await expect(page.getByLabel('Empresa')).toHaveValue('Empresa Mantida');
    await expect(page.getByLabel('Telefone')).toHaveValue('(21) 3333-4444');
    await expect(page.getByLabel('E-mail *')).toHaveAttribute('type', 'email');
  });

  test('o rascunho recuperado não apaga o que o usuário começou a digitar ao voltar à página', async ({ page }) => {
    const tag = uid();
    const email = `rascunho-${tag}@exemplo.com.br`;
    // Saving without a name keeps the draft (e-mail only) in this tab.
    await page.getByLabel('E-mail *').fill(email);
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page.getByText('Campos obrigatórios')).toBeVisible();
    await page.goto('/admin/clients');

    // Back on the form, the user types the name the instant the field appears, before the draft is restored.
    await page.addInitScript((typed) => {
      if (!location.pathname.startsWith('/admin/clients/new')) return;
      const typeWhenShown = new MutationObserver(() => {
        const input = document.querySelector<HTMLInputElement>('input[name="full_name"]');
        if (!input) return;
        typeWhenShown.disconnect();
        // What a keystroke does: the input's value changes and an input event follows.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      typeWhenShown.observe(document, { childList: true, subtree: true });
    }, `Digitado Antes ${tag}`);
    await page.goto('/admin/clients/new');

    await expect(page.getByText('Recuperamos os dados que você tinha digitado neste formulário.')).toBeVisible();
    await expect(page.getByLabel('E-mail *')).toHaveValue(email);
    await expect(page.getByLabel('Nome Completo *')).toHaveValue(`Digitado Antes ${tag}`);
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/?$/);
    const { data } = await serviceClient().from('clients').select('full_name').eq('email', email);
    expect(data).toEqual([{ full_name: `Digitado Antes ${tag}` }]);
  });

  test('status começa em Lead e as seis opções de status e origem estão lá', async ({ page }) => {
    await expect(page.getByLabel('Status')).toHaveValue('lead');
    await expect(page.getByLabel('Status').locator('option')).toHaveText(['Lead', 'Prospecção', 'Ativo', 'Em Espera', 'Concluído', 'Perdido']);
    await expect(page.getByLabel('Origem').locator('option')).toHaveText([
      'Não informada',
      'Indicação',
      'Site',
      'Redes Sociais',
      'Evento',
      'Outbound',
      'Outro',
    ]);
  });

  test('salva: "Cliente Adicionado!", volta para a lista e o cliente aparece, sem dono', async ({ page }) => {
    const tag = uid();
    const email = `novo-${tag}@exemplo.com.br`;
    await page.getByLabel('Nome Completo *').fill(`Novo Cliente ${tag}`);
    await page.getByLabel('E-mail *').fill(email);
    await page.getByLabel('Telefone').fill('+55 11 91234-5678');
    await page.getByLabel('Empresa').fill(`Empresa Nova ${tag}`);
    await page.getByLabel('Status').selectOption({ label: 'Ativo' });
    await page.getByLabel('Origem').selectOption({ label: 'Evento' });
    await page.getByLabel('Notas internas').fill('Conheceu a agência na feira.');
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();

    await expect(page).toHaveURL(/\/admin\/clients\/?$/);
    await expect(page.getByText('Cliente Adicionado!')).toBeVisible();
    const row = items(page).filter({ hasText: `Novo Cliente ${tag}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ativo');

    const { data } = await serviceClient().from('clients').select('*').eq('email', email);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      owner_user_id: null,
      status: 'active',
      source: 'event',
      company_name: `Empresa Nova ${tag}`,
      admin_notes: 'Conheceu a agência na feira.',
    });
  });

  test('e-mail que não é um endereço simples é recusado com mensagem clara e nada é gravado', async ({ page }) => {
    const tag = uid();
    await page.getByLabel('Nome Completo *').fill(`Email Ruim ${tag}`);
    await page.getByLabel('E-mail *').fill('mailto:alguem@exemplo.com.br?subject=oi');
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page.getByText('E-mail inválido')).toBeVisible();
    await expect(page.getByLabel('E-mail *')).toHaveAttribute('aria-invalid', 'true');
    const { data } = await serviceClient().from('clients').select('id').eq('full_name', `Email Ruim ${tag}`);
    expect(data).toHaveLength(0);
  });

  test('falha do servidor mantém o formulário, avisa que os dados foram mantidos, e o retry não duplica', async ({ page }) => {
    const tag = uid();
    const email = `retry-${tag}@exemplo.com.br`;
    await page.getByLabel('Nome Completo *').fill(`Cliente Retry ${tag}`);
    await page.getByLabel('E-mail *').fill(email);
    await page.getByLabel('Empresa').fill('Empresa Retry');

    // 1st attempt: offline, nothing reaches the server.
    await page.route('**/rest/v1/clients**', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()));
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao adicionar cliente' })).toBeVisible();
    await expect(page.getByText(/Não foi possível salvar o novo cliente\..*mantidos/).first()).toBeVisible();
    await expect(page.getByLabel('Nome Completo *')).toHaveValue(`Cliente Retry ${tag}`);
    await expect(page.getByLabel('E-mail *')).toHaveValue(email);
    await expect(page.getByLabel('Empresa')).toHaveValue('Empresa Retry');
    await page.unrouteAll({ behavior: 'wait' });

    // 2nd attempt: the insert reaches the server but its answer is lost.
    await page.route('**/rest/v1/clients**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao adicionar cliente' })).toBeVisible();
    await expect(page.getByLabel('E-mail *')).toHaveValue(email);
    await page.unrouteAll({ behavior: 'wait' });

    // 3rd attempt: works, and there is still exactly one row.
    await page.getByRole('button', { name: 'Salvar Cliente' }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/?$/);
    await expect(page.getByText('Cliente Adicionado!')).toBeVisible();
    const { data } = await serviceClient().from('clients').select('id').eq('email', email);
    expect(data).toHaveLength(1);
  });
});

test.describe('detalhe do cliente', () => {
  test('mostra contato, status, origem, datas, notas e gerente; um lead sem conta no portal não tem projetos nem interações', async ({ page }) => {
    const tag = uid();
    const manager = await adminProfileId();
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({
        full_name: `Detalhe ${tag}`,
        email: `detalhe-${tag}@exemplo.com.br`,
        phone: '(31) 97777-6666',
        company_name: `Empresa Detalhe ${tag}`,
        status: 'on_hold',
        source: 'social_media',
        admin_notes: 'Prefere contato por e-mail.\nLigar só à tarde.',
        account_manager_id: manager,
      })
      .select('*')
      .single();
    if (error) throw error;

    await loginAs(page, 'admin');
    await page.goto(`/admin/clients/${c.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Detalhe ${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `detalhe-${tag}@exemplo.com.br` })).toHaveAttribute('href', `mailto:detalhe-${tag}@exemplo.com.br`);
    await expect(page.getByRole('link', { name: '(31) 97777-6666' })).toHaveAttribute('href', 'tel:31977776666');
    await expect(page.getByText(`Empresa Detalhe ${tag}`).first()).toBeVisible();
    await expect(page.getByText('Em Espera')).toBeVisible();
    await expect(page.getByText('Redes Sociais')).toBeVisible();
    await expect(page.getByText('Super Administrador', { exact: true }).last()).toBeVisible();
    const created = await page.evaluate((iso) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
    }, c.created_at);
    await expect(page.getByText('Criado em').locator('..')).toContainText(created);
    await expect(page.getByText('Última Atualização').locator('..')).toContainText(created);
    await expect(page.getByText('Prefere contato por e-mail.')).toBeVisible();
    await expect(page.getByText('Este cliente ainda não tem conta no portal.')).toHaveCount(2);
    await expect(page.getByText('Conta no portal', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', `/admin/clients/edit/${c.id}`);

    // A refresh on the deep link works too (the host rewrites /admin/clients/* to the shell).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Detalhe ${tag}` })).toBeVisible();
    await serviceClient().from('clients').delete().eq('id', c.id);
  });

  test('sem notas internas o cartão de notas não aparece', async ({ page }) => {
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({ full_name: `Sem Notas ${uid()}`, email: `sem-notas-${uid()}@exemplo.com.br` })
      .select('id')
      .single();
    if (error) throw error;
    await loginAs(page, 'admin');
    await page.goto(`/admin/clients/${c.id}`);
    await expect(page.getByText('Este cliente ainda não tem conta no portal.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notas Internas' })).toHaveCount(0);
    await expect(page.getByText('Não atribuído')).toBeVisible();
    await serviceClient().from('clients').delete().eq('id', c.id);
  });

  test('excluir pede "Confirmar Exclusão" no aviso e então remove do banco', async ({ page }) => {
    const tag = uid();
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({ full_name: `Excluir ${tag}`, email: `excluir-${tag}@exemplo.com.br` })
      .select('id')
      .single();
    if (error) throw error;
    await loginAs(page, 'admin');
    await page.goto(`/admin/clients/${c.id}`);
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByText(`Tem certeza que deseja excluir o cliente "Excluir ${tag}"? Esta ação não pode ser desfeita.`)).toBeVisible();
    // Asking is not deleting.
    expect((await serviceClient().from('clients').select('id').eq('id', c.id)).data).toHaveLength(1);
    await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/?$/);
    await expect(page.getByText('Cliente excluído')).toBeVisible();
    expect((await serviceClient().from('clients').select('id').eq('id', c.id)).data).toHaveLength(0);
    await expect(items(page).filter({ hasText: `Excluir ${tag}` })).toHaveCount(0);
  });

  test('um id desconhecido (ou que nem é uuid) mostra "Cliente não encontrado."', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const id of ['7d0b3c8e-0000-4000-8000-000000000000', 'nao-e-um-uuid']) {
      await page.goto(`/admin/clients/${id}`);
      await expect(page.getByRole('heading', { name: 'Cliente não encontrado.' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voltar para a lista de clientes' })).toHaveAttribute('href', '/admin/clients');
    }
  });
});

test.describe('dados hostis', () => {
  test('texto hostil de um cliente aparece literalmente, sem diálogo, sem links inseguros e sem quebrar o layout', async ({ page }) => {
    const tag = uid();
    const hostileName = `<img src=x onerror=alert(1)> ${tag}`;
    // The longest company the database takes, one unbroken word; a hostile phone is refused by the database itself.
    const longCompany = `Empresa${'Longa'.repeat(30)}`;
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({
        full_name: hostileName,
        email: `hostil-${tag}@exemplo.com.br`,
        company_name: longCompany,
        admin_notes: '<script>alert(2)</script> "aspas" & \'apóstrofos\'',
      })
      .select('id')
      .single();
    if (error) throw error;

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await loginAs(page, 'admin');

    await page.goto('/admin/clients');
    await page.getByLabel('Buscar clientes').fill(tag);
    const row = items(page).filter({ hasText: tag });
    await expect(row).toContainText(hostileName);
    await expect(row.locator('img[src="x"]')).toHaveCount(0);
    await expect(row.locator('a[href^="javascript"]')).toHaveCount(0);

    await page.goto(`/admin/clients/${c.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostileName);
    await expect(page.getByText('<script>alert(2)</script> "aspas" & \'apóstrofos\'')).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(dialogs).toEqual([]);
    await serviceClient().from('clients').delete().eq('id', c.id);
  });
});

test.describe('falhas do servidor', () => {
  const rlsError = {
    code: '42501',
    message: 'permission denied for table clients',
    details: null,
    hint: null,
  };

  test('lista: "Erro ao carregar clientes" com a mensagem em pt-BR, a dica de RLS e lista vazia', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/dashboard');
    // The list is read through the rpc admin_search_clients (searched and paged by the server).
    await page.route('**/rest/v1/rpc/admin_search_clients**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(rlsError) }),
    );
    await page.goto('/admin/clients');
    const toastBox = page.getByRole('region', { name: 'Notificações' }).getByRole('alert');
    await expect(toastBox).toContainText('Erro ao carregar clientes');
    // The server's English never reaches the screen: its code becomes the Portuguese text.
    await expect(toastBox).toContainText('Você não tem permissão para esta ação.');
    await expect(toastBox).not.toContainText('permission denied');
    await expect(toastBox).toContainText('políticas de segurança em nível de linha (RLS)');
    await expect(items(page)).toHaveCount(0);
    await expect(footer(page)).toHaveText('Exibindo 0 de 0 clientes.');
  });

  test('detalhe: outro erro de carga mostra "Erro ao carregar detalhes do cliente" e volta para a lista', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/dashboard');
    await page.route('**/rest/v1/clients?*id=eq.*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'falha interna', details: null, hint: null }) }),
    );
    await page.goto('/admin/clients/7d0b3c8e-0000-4000-8000-0000000000ff');
    await expect(page).toHaveURL(/\/admin\/clients\/?$/);
    await expect(page.getByText('Erro ao carregar detalhes do cliente')).toBeVisible();
  });

  test('excluir: erro do servidor mostra "Erro ao excluir" com a mensagem em pt-BR e o cliente fica', async ({ page }) => {
    const tag = uid();
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({ full_name: `Nao Exclui ${tag}`, email: `nao-exclui-${tag}@exemplo.com.br` })
      .select('id')
      .single();
    if (error) throw error;
    await loginAs(page, 'admin', `/admin/clients/${c.id}`);
    await page.route('**/rest/v1/clients**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(rlsError) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
    const toastBox = page.getByRole('region', { name: 'Notificações' }).getByRole('alert');
    await expect(toastBox).toContainText('Erro ao excluir');
    await expect(toastBox).toContainText('Você não tem permissão para esta ação.');
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${c.id}/?$`));
    expect((await serviceClient().from('clients').select('id').eq('id', c.id)).data).toHaveLength(1);
    await serviceClient().from('clients').delete().eq('id', c.id);
  });
});
