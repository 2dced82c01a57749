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

/** The server's answer when row-level security refuses (PostgREST's 42501). */
const rlsError = {
  code: '42501',
  message: 'permission denied for table clients',
  details: null,
  hint: null,
};

test.describe('lista de clientes do admin', () => {
  // One sign-in and one load of the list for its three behaviours (each a step; soft checks name what failed).
  test('a lista mostra os clientes da agência (nunca o CRM de um cliente) com gerente e contagens; a busca estreita a lista e o rodapé; cada linha leva aos detalhes', async ({ page }) => {
    const tag = uid();
    const a = await agencyLead(tag, 'A');
    await agencyLead(tag, 'B');
    expect(a.owner_user_id).toBeNull();
    const { user } = await privateContactOfNewUser(tag, 'P');
    const manager = await adminProfileId();
    const { error } = await serviceClient().from('clients').update({ account_manager_id: manager }).eq('id', a.id);
    expect(error).toBeNull();
    // The search's rows (C, D) and the row to open (E) have tags of their own, so each check sees only its rows.
    const searchTag = uid();
    await agencyLead(searchTag, 'C');
    await agencyLead(searchTag, 'D');
    const linkTag = uid();
    const e = await agencyLead(linkTag, 'E');

    await loginAs(page, 'admin', '/admin/clients');

    await test.step('mostra os clientes da agência, com o gerente e as contagens', async () => {
      const rowA = items(page).filter({ hasText: `Cliente A ${tag}` });
      const rowB = items(page).filter({ hasText: `Cliente B ${tag}` });
      await expect(rowA).toBeVisible();
      await expect.soft(rowB, 'lead B na lista').toBeVisible();
      await expect.soft(rowA, 'gerente do lead A').toContainText('Super Administrador');
      await expect.soft(rowB, 'lead B sem gerente').toContainText('Não atribuído');
      // The sign-up became an agency client at once; the contact in that user's own CRM stays theirs.
      await expect.soft(items(page).filter({ hasText: user.email }), 'conta do portal na lista').toBeVisible();
      await expect.soft(items(page).filter({ hasText: `Contato P ${tag}` }), 'contato do CRM do cliente fora da lista').toHaveCount(0);
      await expect.soft(rowA, 'empresa do lead A').toContainText(`Empresa A ${tag}`);
      await expect.soft(rowA, 'status do lead A').toContainText('Lead');
      await expect
        .soft(rowA.getByRole('link', { name: `cliente-a-${tag}@exemplo.com.br` }), 'link de e-mail')
        .toHaveAttribute('href', `mailto:cliente-a-${tag}@exemplo.com.br`);
      await expect.soft(rowA.getByRole('link', { name: '(11) 98888-7777' }), 'link de telefone').toHaveAttribute('href', 'tel:11988887777');

      const [shown, total] = await counts(page);
      expect.soft(shown, 'rodapé: exibidos = total').toBe(total);
      expect.soft(total, 'rodapé: total').toBeGreaterThanOrEqual(2);
      await expect.soft(items(page), 'linhas = exibidos do rodapé').toHaveCount(shown);
    });

    await test.step('a busca estreita a lista e o rodapé passa a contar só o que aparece', async () => {
      await expect(items(page).filter({ hasText: `Cliente C ${searchTag}` })).toBeVisible();
      const [, total] = await counts(page);

      await page.getByLabel('Buscar clientes').fill(searchTag);
      await expect.soft(items(page), `busca "${searchTag}"`).toHaveCount(2);
      await expect.soft(footer(page), `rodapé da busca "${searchTag}"`).toHaveText(`Exibindo 2 de ${total} clientes.`);

      await page.getByLabel('Buscar clientes').fill(`Empresa D ${searchTag}`);
      await expect.soft(items(page), 'busca pela empresa D').toHaveCount(1);
      await expect.soft(items(page).filter({ hasText: `Cliente D ${searchTag}` }), 'busca pela empresa D').toBeVisible();

      await page.getByLabel('Buscar clientes').fill(`nada-${searchTag}`);
      await expect.soft(page.getByText('Nenhum cliente corresponde à busca.'), 'busca sem resultado').toBeVisible();
      await expect.soft(footer(page), 'rodapé da busca sem resultado').toHaveText(`Exibindo 0 de ${total} clientes.`);
    });

    await test.step('cada linha leva aos detalhes do cliente', async () => {
      // The whole list again (search cleared), as the screen first showed it.
      await page.getByLabel('Buscar clientes').fill('');
      await expect
        .soft(page.getByRole('link', { name: `Editar Cliente E ${linkTag}` }), 'link de edição')
        .toHaveAttribute('href', `/admin/clients/edit/${e.id}`);
      await page.getByRole('link', { name: `Ver detalhes de Cliente E ${linkTag}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/clients/${e.id}/?$`));
    });
  });
});

test.describe('adicionar cliente', () => {
  // One sign-in and one load of the form for everything a single visit can show (each a step; soft checks name what
  // failed): the empty form, the refusals, the failed saves and the save that works.
  test('o formulário de novo cliente: opções e status Lead, campos obrigatórios, e-mail recusado, falha do servidor sem duplicar no retry, e o cliente salvo na lista', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/clients/new');

    await test.step('status começa em Lead e as seis opções de status e origem estão lá', async () => {
      await expect.soft(page.getByLabel('Status'), 'status inicial').toHaveValue('lead');
      await expect.soft(page.getByLabel('Status').locator('option'), 'opções de status').toHaveText(['Lead', 'Prospecção', 'Ativo', 'Em Espera', 'Concluído', 'Perdido']);
      await expect.soft(page.getByLabel('Origem').locator('option'), 'opções de origem').toHaveText([
        'Não informada',
        'Indicação',
        'Site',
        'Redes Sociais',
        'Evento',
        'Outbound',
        'Outro',
      ]);
    });

    await test.step('sem nome e email mostra "Campos obrigatórios" e mantém o que foi digitado', async () => {
      await page.getByLabel('Empresa').fill('Empresa Mantida');
      await page.getByLabel('Telefone').fill('(21) 3333-4444');
      await page.getByRole('button', { name: 'Salvar Cliente' }).click();
      await expect(page.getByText('Campos obrigatórios')).toBeVisible();
      await expect.soft(page.getByText('Nome completo e email são obrigatórios.'), 'mensagem dos campos obrigatórios').toBeVisible();
      await expect.soft(page, 'continua no formulário').toHaveURL(/\/admin\/clients\/new\/?$/);
      await expect.soft(page.getByLabel('Empresa'), 'empresa mantida').toHaveValue('Empresa Mantida');
      await expect.soft(page.getByLabel('Telefone'), 'telefone mantido').toHaveValue('(21) 3333-4444');
      await expect.soft(page.getByLabel('E-mail *'), 'campo de e-mail').toHaveAttribute('type', 'email');
    });

    await test.step('e-mail que não é um endereço simples é recusado com mensagem clara e nada é gravado', async () => {
      const name = `Email Ruim ${uid()}`;
      await page.getByLabel('Nome Completo *').fill(name);
      await page.getByLabel('E-mail *').fill('mailto:alguem@exemplo.com.br?subject=oi');
      await page.getByRole('button', { name: 'Salvar Cliente' }).click();
      await expect(page.getByText('E-mail inválido')).toBeVisible();
      await expect.soft(page.getByLabel('E-mail *'), 'e-mail marcado inválido').toHaveAttribute('aria-invalid', 'true');
      const { data } = await serviceClient().from('clients').select('id').eq('full_name', name);
      expect.soft(data, 'nada gravado com o e-mail inválido').toHaveLength(0);
    });

    const tag = uid();
    const email = `novo-${tag}@exemplo.com.br`;
    await test.step('falha do servidor mantém o formulário, avisa que os dados foram mantidos, e o retry não duplica', async () => {
      await page.getByLabel('Nome Completo *').fill(`Novo Cliente ${tag}`);
      await page.getByLabel('E-mail *').fill(email);
      await page.getByLabel('Telefone').fill('+55 11 91234-5678');
      await page.getByLabel('Empresa').fill(`Empresa Nova ${tag}`);
      await page.getByLabel('Status').selectOption({ label: 'Ativo' });
      await page.getByLabel('Origem').selectOption({ label: 'Evento' });
      await page.getByLabel('Notas internas').fill('Conheceu a agência na feira.');

      // 1st attempt: offline, nothing reaches the server.
      await page.route('**/rest/v1/clients**', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()));
      await page.getByRole('button', { name: 'Salvar Cliente' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Erro ao adicionar cliente' })).toBeVisible();
      await expect.soft(page.getByText(/Não foi possível salvar o novo cliente\..*mantidos/).first(), 'aviso de dados mantidos').toBeVisible();
      await expect.soft(page.getByLabel('Nome Completo *'), 'nome mantido').toHaveValue(`Novo Cliente ${tag}`);
      await expect.soft(page.getByLabel('E-mail *'), 'e-mail mantido').toHaveValue(email);
      await expect.soft(page.getByLabel('Empresa'), 'empresa mantida').toHaveValue(`Empresa Nova ${tag}`);
      await page.unrouteAll({ behavior: 'wait' });

      // 2nd attempt: the insert reaches the server but its answer is lost.
      await page.route('**/rest/v1/clients**', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await route.fetch();
        await route.abort('failed');
      });
      await page.getByRole('button', { name: 'Salvar Cliente' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Erro ao adicionar cliente' })).toBeVisible();
      await expect.soft(page.getByLabel('E-mail *'), 'e-mail mantido após a resposta perdida').toHaveValue(email);
      await page.unrouteAll({ behavior: 'wait' });
    });

    await test.step('salva: "Cliente Adicionado!", volta para a lista e o cliente aparece, sem dono (e uma só linha depois das falhas)', async () => {
      // 3rd attempt: works, and there is still exactly one row.
      await page.getByRole('button', { name: 'Salvar Cliente' }).click();
      await expect(page).toHaveURL(/\/admin\/clients\/?$/);
      await expect.soft(page.getByText('Cliente Adicionado!'), 'aviso de cliente adicionado').toBeVisible();
      const row = items(page).filter({ hasText: `Novo Cliente ${tag}` });
      await expect.soft(row, 'novo cliente na lista').toBeVisible();
      await expect.soft(row, 'status do novo cliente').toContainText('Ativo');

      const { data } = await serviceClient().from('clients').select('*').eq('email', email);
      expect(data, 'uma só linha gravada').toHaveLength(1);
      expect(data![0]).toMatchObject({
        owner_user_id: null,
        status: 'active',
        source: 'event',
        company_name: `Empresa Nova ${tag}`,
        admin_notes: 'Conheceu a agência na feira.',
      });
    });
  });

  test('o rascunho recuperado não apaga o que o usuário começou a digitar ao voltar à página', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/clients/new');
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
});

test.describe('detalhe do cliente', () => {
  // One sign-in for the three detail screens (each a step): a full client, one without notes, ids that match nobody.
  test('os detalhes do cliente: contato, status, origem, datas, notas e gerente; lead sem conta; sem notas; id desconhecido mostra "Cliente não encontrado."', async ({ page }) => {
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
    const { data: bare, error: bareError } = await serviceClient()
      .from('clients')
      .insert({ full_name: `Sem Notas ${uid()}`, email: `sem-notas-${uid()}@exemplo.com.br` })
      .select('id')
      .single();
    if (bareError) throw bareError;

    await loginAs(page, 'admin', `/admin/clients/${c.id}`);
    await test.step('mostra contato, status, origem, datas, notas e gerente; um lead sem conta no portal não tem projetos nem interações', async () => {
      await expect(page.getByRole('heading', { level: 1, name: `Detalhe ${tag}` })).toBeVisible();
      await expect.soft(page.getByRole('link', { name: `detalhe-${tag}@exemplo.com.br` }), 'link de e-mail').toHaveAttribute('href', `mailto:detalhe-${tag}@exemplo.com.br`);
      await expect.soft(page.getByRole('link', { name: '(31) 97777-6666' }), 'link de telefone').toHaveAttribute('href', 'tel:31977776666');
      await expect.soft(page.getByText(`Empresa Detalhe ${tag}`).first(), 'empresa').toBeVisible();
      await expect.soft(page.getByText('Em Espera'), 'status').toBeVisible();
      await expect.soft(page.getByText('Redes Sociais'), 'origem').toBeVisible();
      await expect.soft(page.getByText('Super Administrador', { exact: true }).last(), 'gerente').toBeVisible();
      const created = await page.evaluate((iso) => {
        const d = new Date(iso);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
      }, c.created_at);
      await expect.soft(page.getByText('Criado em').locator('..'), 'data de criação').toContainText(created);
      await expect.soft(page.getByText('Última Atualização').locator('..'), 'data de atualização').toContainText(created);
      await expect.soft(page.getByText('Prefere contato por e-mail.'), 'notas internas').toBeVisible();
      await expect.soft(page.getByText('Este cliente ainda não tem conta no portal.'), 'sem projetos nem interações').toHaveCount(2);
      await expect.soft(page.getByText('Conta no portal', { exact: true }), 'sem conta no portal').toHaveCount(0);
      await expect.soft(page.getByRole('link', { name: 'Editar' }), 'link de edição').toHaveAttribute('href', `/admin/clients/edit/${c.id}`);

      // A refresh on the deep link works too (the host rewrites /admin/clients/* to the shell).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Detalhe ${tag}` })).toBeVisible();
    });
    await serviceClient().from('clients').delete().eq('id', c.id);

    await test.step('sem notas internas o cartão de notas não aparece', async () => {
      await page.goto(`/admin/clients/${bare.id}`);
      await expect(page.getByText('Este cliente ainda não tem conta no portal.').first()).toBeVisible();
      await expect.soft(page.getByRole('heading', { name: 'Notas Internas' }), 'cartão de notas').toHaveCount(0);
      await expect.soft(page.getByText('Não atribuído'), 'gerente não atribuído').toBeVisible();
    });
    await serviceClient().from('clients').delete().eq('id', bare.id);

    await test.step('um id desconhecido (ou que nem é uuid) mostra "Cliente não encontrado."', async () => {
      for (const id of ['7d0b3c8e-0000-4000-8000-000000000000', 'nao-e-um-uuid']) {
        await page.goto(`/admin/clients/${id}`);
        await expect.soft(page.getByRole('heading', { name: 'Cliente não encontrado.' }), id).toBeVisible();
        await expect
          .soft(page.getByRole('link', { name: 'Voltar para a lista de clientes' }), `${id}: link de volta`)
          .toHaveAttribute('href', '/admin/clients');
      }
    });
  });

  // One client, one sign-in: the delete the server refuses, then the one that works.
  test('excluir pede "Confirmar Exclusão" no aviso; um erro do servidor mostra "Erro ao excluir" com a mensagem em pt-BR e o cliente fica; de novo, remove do banco', async ({ page }) => {
    const tag = uid();
    const { data: c, error } = await serviceClient()
      .from('clients')
      .insert({ full_name: `Excluir ${tag}`, email: `excluir-${tag}@exemplo.com.br` })
      .select('id')
      .single();
    if (error) throw error;
    const stored = async () => (await serviceClient().from('clients').select('id').eq('id', c.id)).data;
    await loginAs(page, 'admin', `/admin/clients/${c.id}`);

    await test.step('excluir: erro do servidor mostra "Erro ao excluir" com a mensagem em pt-BR e o cliente fica', async () => {
      await page.route('**/rest/v1/clients**', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(rlsError) })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      await expect(page.getByText(`Tem certeza que deseja excluir o cliente "Excluir ${tag}"? Esta ação não pode ser desfeita.`)).toBeVisible();
      // Asking is not deleting.
      expect.soft(await stored(), 'o aviso não exclui').toHaveLength(1);
      await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
      const toastBox = page.getByRole('region', { name: 'Notificações' }).getByRole('alert');
      await expect(toastBox).toContainText('Erro ao excluir');
      await expect.soft(toastBox, 'mensagem em pt-BR').toContainText('Você não tem permissão para esta ação.');
      await expect.soft(page, 'continua no detalhe').toHaveURL(new RegExp(`/admin/clients/${c.id}/?$`));
      expect.soft(await stored(), 'o cliente fica').toHaveLength(1);
      await page.unrouteAll({ behavior: 'wait' });
    });

    await test.step('excluir pede "Confirmar Exclusão" no aviso e então remove do banco', async () => {
      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      await page.getByRole('button', { name: 'Confirmar Exclusão' }).click();
      await expect(page).toHaveURL(/\/admin\/clients\/?$/);
      await expect.soft(page.getByText('Cliente excluído'), 'aviso de cliente excluído').toBeVisible();
      expect.soft(await stored(), 'removido do banco').toHaveLength(0);
      await expect.soft(items(page).filter({ hasText: `Excluir ${tag}` }), 'fora da lista').toHaveCount(0);
    });
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
    await loginAs(page, 'admin', '/admin/clients');
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
  // One sign-in: the list's read fails, then the detail's.
  test('lista: "Erro ao carregar clientes" com a mensagem em pt-BR, a dica de RLS e lista vazia; detalhe: outro erro de carga mostra "Erro ao carregar detalhes do cliente" e volta para a lista', async ({ page }) => {
    await test.step('lista: "Erro ao carregar clientes" com a mensagem em pt-BR, a dica de RLS e lista vazia', async () => {
      // The list is read through the rpc admin_search_clients (searched and paged by the server).
      await page.route('**/rest/v1/rpc/admin_search_clients**', (route) =>
        route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(rlsError) }),
      );
      await loginAs(page, 'admin', '/admin/clients');
      const toastBox = page.getByRole('region', { name: 'Notificações' }).getByRole('alert');
      await expect(toastBox).toContainText('Erro ao carregar clientes');
      // The server's English never reaches the screen: its code becomes the Portuguese text.
      await expect.soft(toastBox, 'mensagem em pt-BR').toContainText('Você não tem permissão para esta ação.');
      await expect.soft(toastBox, 'sem o inglês do servidor').not.toContainText('permission denied');
      await expect.soft(toastBox, 'dica de RLS').toContainText('políticas de segurança em nível de linha (RLS)');
      await expect.soft(items(page), 'lista vazia').toHaveCount(0);
      await expect.soft(footer(page), 'rodapé da lista vazia').toHaveText('Exibindo 0 de 0 clientes.');
      await page.unrouteAll({ behavior: 'wait' });
    });

    await test.step('detalhe: outro erro de carga mostra "Erro ao carregar detalhes do cliente" e volta para a lista', async () => {
      await page.route('**/rest/v1/clients?*id=eq.*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'falha interna', details: null, hint: null }) }),
      );
      await page.goto('/admin/clients/7d0b3c8e-0000-4000-8000-0000000000ff');
      await expect(page).toHaveURL(/\/admin\/clients\/?$/);
      await expect(page.getByText('Erro ao carregar detalhes do cliente')).toBeVisible();
    });
  });
});
