// The project workspace shared by client and agency: the updates timeline, documents on Storage, and the admin's
// /admin/projects/{id}. Rows are made fresh per test (users, projects); the admin is the seeded demo admin.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { anonClient, expect, loginAs, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { dbProject, freshUser, seedProjects, signIn, unique, type TestUser } from './projects-helpers';

test.describe.configure({ timeout: 120_000 });

const BUCKET = 'project-documents';

/** A small but real PDF (header, one object, trailer) with bytes above 0x7f, so a text round trip would show. */
function samplePdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n%', 'latin1'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]),
    Buffer.from('1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

async function openTab(page: Page, name: 'Atualizações' | 'Documentos' | 'Visão Geral') {
  await page.getByRole('tab', { name }).click();
}

async function postUpdate(page: Page, text: string) {
  await page.getByPlaceholder('Adicionar uma nova atualização...').fill(text);
  await page.getByRole('button', { name: 'Adicionar Atualização' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Atualização adicionada' })).toBeVisible();
}

const updateItem = (page: Page, text: string) => page.getByTestId('project-update').filter({ hasText: text });
const documentItem = (page: Page, name: string) => page.getByTestId('project-document').filter({ hasText: name });
const fileInput = (page: Page) => page.getByTestId('document-file-input');

async function documentRows(projectId: string) {
  const { data, error } = await serviceClient().from('project_documents').select('id, name, size_bytes').eq('project_id', projectId);
  if (error) throw new Error(error.message);
  return data;
}

async function clientPage(browser: Browser, user: TestUser, to: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await signIn(page, user, to);
  return page;
}

test('o cliente publica uma atualização, a vê com seu nome (sem "Equipe") e a exclui dentro de 15 minutos', async ({ page }) => {
  const user = await freshUser('atualiza');
  const [p] = await seedProjects(user.id, [{ title: unique('Linha do tempo'), status: 'pending' }]);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Atualizações');
  await expect(page.getByText('Nenhuma atualização ainda.')).toBeVisible();

  const text = `Reunião de kickoff feita.\nPróximo passo: ${unique('dados')}`;
  await postUpdate(page, text);
  const item = updateItem(page, 'Reunião de kickoff feita.');
  await expect(item).toContainText(user.name);
  await expect(item).not.toContainText('Equipe');
  await expect(page.getByPlaceholder('Adicionar uma nova atualização...')).toHaveValue('');
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await openTab(page, 'Atualizações');
  await expect(updateItem(page, 'Reunião de kickoff feita.')).toHaveCount(1);

  await updateItem(page, 'Reunião de kickoff feita.').getByRole('button', { name: /Excluir atualização/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Excluir atualização?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Atualização excluída' })).toBeVisible();
  await expect(updateItem(page, 'Reunião de kickoff feita.')).toHaveCount(0);
  const { count } = await serviceClient().from('project_updates').select('id', { count: 'exact', head: true }).eq('project_id', p.id);
  expect(count).toBe(0);
});

test('um post que falha mantém o texto; o reenvio grava uma vez só, mesmo quando a primeira resposta se perdeu', async ({ page }) => {
  const user = await freshUser('reenvio');
  const [p] = await seedProjects(user.id, [{ title: unique('Reenvio'), status: 'pending' }]);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Atualizações');
  await expect(page.getByText('Nenhuma atualização ainda.')).toBeVisible();

  // The first post reaches the database but its answer is lost on the way back.
  let lose = true;
  await page.route('**/rest/v1/project_updates*', async (route) => {
    if (route.request().method() === 'POST' && lose) {
      lose = false;
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  const text = `Entrega parcial ${unique('x')}`;
  await page.getByPlaceholder('Adicionar uma nova atualização...').fill(text);
  await page.getByRole('button', { name: 'Adicionar Atualização' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao adicionar atualização' })).toContainText('Seu texto foi mantido');
  await expect(page.getByPlaceholder('Adicionar uma nova atualização...')).toHaveValue(text);

  await page.getByRole('button', { name: 'Adicionar Atualização' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Atualização adicionada' })).toBeVisible();
  await expect(updateItem(page, text)).toHaveCount(1);
  const { data } = await serviceClient().from('project_updates').select('content').eq('project_id', p.id);
  expect(data).toEqual([{ content: text }]);
});

test('do plano à entrega: o cliente escolhe o Pacote Avançado IA, a admin acha o projeto em "Gestão de Projetos", põe em andamento a 30 %, publica e envia um PDF; o cliente vê tudo e baixa o PDF idêntico; outro cliente não', async ({
  page,
  browser,
}) => {
  // The client picks the plan: the pending project is at the top of their list.
  const owner = await freshUser('dono');
  const picker = await clientPage(browser, owner, '/projects');
  await picker.getByRole('button', { name: 'Novo Projeto' }).click();
  await picker
    .getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' })
    .getByRole('region', { name: 'Pacote Avançado IA' })
    .getByRole('button', { name: 'Selecionar Plano' })
    .click();
  await expect(picker.getByRole('article').first()).toContainText('Pacote Avançado IA');
  await expect(picker.getByRole('article').first()).toContainText('Pendente');
  await picker.context().close();

  // The admin finds it in 'Gestão de Projetos' by the client's e-mail and opens it.
  await loginAs(page, 'admin', '/admin/projects-management');
  await page.getByRole('searchbox', { name: 'Buscar projetos por título ou cliente' }).fill(owner.email);
  const found = page.getByTestId('admin-project').filter({ visible: true });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Pendente');
  await found.getByRole('link', { name: 'Pacote Avançado IA' }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}\/?$/);
  const p = { id: page.url().split('/admin/projects/')[1].replace(/\/$/, ''), title: 'Pacote Avançado IA' };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await expect(page.getByTestId('project-client-name')).toHaveText(owner.name);
  await expect(page.getByRole('link', { name: owner.email })).toBeVisible();
  // The plan gave the project its title and its plan and price (the database filled the price from the plan list).
  await expect(page.getByRole('definition').filter({ hasText: /^Pacote Avançado IA$/ })).toBeVisible();
  expect(await dbProject(p.id)).toMatchObject({ status: 'pending', plan: 'advanced', monthly_price: 999 });
  await expect(page.getByRole('link', { name: 'Voltar para projetos' })).toHaveAttribute('href', '/admin/projects-management');

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Em andamento' });
  await page.getByLabel('Progresso (%)').fill('30');
  await page.getByLabel('Preço mensal (R$)').fill('1.250,00');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Projeto atualizado' })).toBeVisible();
  const stored = (await dbProject(p.id)) as unknown as { status: string; progress: number; monthly_price: number };
  expect([stored.status, stored.progress, Number(stored.monthly_price)]).toEqual(['in-progress', 30, 1250]);

  await openTab(page, 'Atualizações');
  const staffText = `Modelo treinado ${unique('equipe')}`;
  await postUpdate(page, staffText);
  await expect(updateItem(page, staffText)).toContainText('Equipe');

  await openTab(page, 'Documentos');
  const pdf = samplePdf();
  await fileInput(page).setInputFiles({ name: 'Proposta técnica #1.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('upload-item').filter({ hasText: 'Proposta técnica #1.pdf' })).toContainText('Enviado');
  const row = documentItem(page, 'Proposta técnica #1.pdf');
  await expect(row).toContainText('PDF');
  await expect(row).toContainText(`${pdf.length} bytes`);
  await expect(row).toContainText('Enviado por Super Administrador');
  await expectNoSeriousAxeViolations(page);

  // A project with documents cannot be deleted: the database's message is shown.
  await page.getByRole('button', { name: 'Excluir' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao excluir' })).toContainText(
    'Este projeto tem documentos: exclua os documentos antes de excluir o projeto.',
  );
  expect(await dbProject(p.id)).not.toBeNull();

  // The client sees the progress, the staff's update and downloads the PDF byte for byte.
  const client = await clientPage(browser, owner, `/projects/${p.id}`);
  await expect(client.getByRole('progressbar', { name: 'Progresso do projeto' })).toHaveAttribute('aria-valuenow', '30');
  await openTab(client, 'Atualizações');
  await expect(updateItem(client, staffText)).toContainText('Equipe');
  await expect(updateItem(client, staffText)).toContainText('Super Administrador');
  await expect(updateItem(client, staffText).getByRole('button', { name: /Excluir/ })).toHaveCount(0);
  await openTab(client, 'Documentos');
  await expect(documentItem(client, 'Proposta técnica #1.pdf').getByRole('button', { name: /^Excluir/ })).toHaveCount(0);
  const [download] = await Promise.all([
    client.waitForEvent('download'),
    documentItem(client, 'Proposta técnica #1.pdf').getByRole('button', { name: 'Baixar Proposta técnica #1.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Proposta técnica #1.pdf');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(Buffer.compare(readFileSync(path), pdf)).toBe(0);
  await client.context().close();

  // Another client: the screen says not found, and Storage gives them nothing directly either.
  const stranger = await freshUser('estranho');
  const other = await clientPage(browser, stranger, `/projects/${p.id}`);
  await expect(other).toHaveURL(/\/projects\/?$/);
  await expect(other.getByRole('alert').filter({ hasText: 'Projeto não encontrado' })).toBeVisible();
  await other.context().close();
  const api = anonClient();
  await api.auth.signInWithPassword({ email: stranger.email, password: stranger.password });
  const [doc] = await documentRows(p.id);
  const key = `${p.id}/${doc!.id}/Proposta técnica #1.pdf`;
  expect((await api.storage.from(BUCKET).download(key.replace('#', '%23'))).data).toBeNull();
  expect((await api.storage.from(BUCKET).list(`${p.id}/${doc!.id}`)).data ?? []).toEqual([]);
  expect((await api.from('project_documents').select('id').eq('project_id', p.id)).data).toEqual([]);
});

test('arquivo grande demais ou de tipo recusado: mensagem com o nome e o limite, nada enviado; vários arquivos soltos de uma vez', async ({
  page,
}) => {
  const user = await freshUser('limites');
  const [p] = await seedProjects(user.id, [{ title: unique('Limites'), status: 'pending' }]);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Documentos');
  await expect(page.getByText('Nenhum documento ainda.')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/storage/v1/object/') && r.method() === 'POST' && uploads.push(r.url()));

  // From the keyboard: 'Selecionar Arquivo' opens the file picker; two files chosen at once.
  // (locator.press focuses the button and presses in one step: a separate focus() could lose the focus to a re-render
  // before the key arrives.)
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Selecionar Arquivo' }).press('Enter'),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  // The files go by their paths: Chromium reads them from disk, where a 25 MB buffer would be copied through the
  // DevTools protocol as base64 (some 15 s on a busy machine).
  const huge = test.info().outputPath('enorme.pdf');
  const program = test.info().outputPath('programa.exe');
  writeFileSync(huge, Buffer.alloc(26_214_401, 0x25));
  writeFileSync(program, 'MZ');
  await chooser.setFiles([huge, program]);
  await expect(page.getByTestId('upload-item').filter({ hasText: 'enorme.pdf' })).toContainText(
    'O arquivo "enorme.pdf" tem 25 MB e passa do limite de 25 MB por arquivo.',
  );
  await expect(page.getByTestId('upload-item').filter({ hasText: 'programa.exe' })).toContainText(
    'O arquivo "programa.exe" não é de um tipo aceito. Tipos aceitos: PDF, PNG, JPEG, WebP',
  );
  expect(uploads).toEqual([]);

  // Two files dropped on the area at once: each gets its own result.
  const transfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['nome;valor\na;1\n'], 'dados.csv', { type: 'text/csv' }));
    dt.items.add(new File(['texto simples'], 'notas.txt', { type: 'text/plain' }));
    return dt;
  });
  await page.getByTestId('document-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(documentItem(page, 'dados.csv')).toContainText('CSV');
  await expect(documentItem(page, 'notas.txt')).toContainText('Texto');
  expect((await documentRows(p.id)).map((d) => d.name).sort()).toEqual(['dados.csv', 'notas.txt']);
});

test('um HTML com nome .pdf é recusado antes do envio, com a mensagem em pt-BR; um PDF de verdade segue', async ({ page }) => {
  const user = await freshUser('conteudo');
  const [p] = await seedProjects(user.id, [{ title: unique('Conteúdo'), status: 'pending' }]);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Documentos');
  await expect(page.getByText('Nenhum documento ainda.')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/storage/v1/object/') && r.method() === 'POST' && uploads.push(r.url()));

  await fileInput(page).setInputFiles([
    { name: 'relatorio.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>') },
    { name: 'foto.png', mimeType: 'image/png', buffer: samplePdf() },
    { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
  ]);
  await expect(page.getByTestId('upload-item').filter({ hasText: 'relatorio.pdf' })).toContainText(
    'O conteúdo do arquivo "relatorio.pdf" não corresponde ao tipo PDF. Envie o arquivo original.',
  );
  await expect(page.getByTestId('upload-item').filter({ hasText: 'foto.png' })).toContainText(
    'O conteúdo do arquivo "foto.png" não corresponde ao tipo PNG. Envie o arquivo original.',
  );
  await expect(documentItem(page, 'contrato.pdf')).toBeVisible();
  expect(uploads).toHaveLength(1);
  expect((await documentRows(p.id)).map((d) => d.name)).toEqual(['contrato.pdf']);
});

test('um envio que falha pode ser repetido, e a repetição guarda um documento só', async ({ page }) => {
  const user = await freshUser('falha');
  const [p] = await seedProjects(user.id, [{ title: unique('Falha de envio'), status: 'pending' }]);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Documentos');
  await expect(page.getByText('Nenhum documento ainda.')).toBeVisible();

  let fail = true;
  await page.route(`**/storage/v1/object/${BUCKET}/**`, async (route) => {
    if (route.request().method() === 'POST' && fail) {
      fail = false;
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  await fileInput(page).setInputFiles({ name: 'relatorio.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  const item = page.getByTestId('upload-item').filter({ hasText: 'relatorio.pdf' });
  await expect(item).toContainText('Não foi possível conectar ao servidor');
  expect(await documentRows(p.id)).toEqual([]);

  await item.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(item).toContainText('Enviado');
  await expect(documentItem(page, 'relatorio.pdf')).toHaveCount(1);
  expect((await documentRows(p.id)).map((d) => d.name)).toEqual(['relatorio.pdf']);

  // The uploader may delete their document, after a confirmation.
  await documentItem(page, 'relatorio.pdf').getByRole('button', { name: 'Excluir relatorio.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Documento excluído' })).toBeVisible();
  expect(await documentRows(p.id)).toEqual([]);
});

test('a linha do tempo vem em páginas de 20, mais novas primeiro, e "Carregar mais" traz o resto', async ({ page }) => {
  const user = await freshUser('paginas');
  const [p] = await seedProjects(user.id, [{ title: unique('Páginas'), status: 'in-progress', progress: 40 }]);
  const now = Date.now();
  const rows = Array.from({ length: 23 }, (_, i) => ({
    project_id: p.id,
    author_id: user.id,
    content: `Atualização número ${i + 1}`,
    created_at: new Date(now - (23 - i) * 60_000).toISOString(),
  }));
  const { error } = await serviceClient().from('project_updates').insert(rows as never);
  if (error) throw new Error(error.message);
  await signIn(page, user, `/projects/${p.id}`);
  await openTab(page, 'Atualizações');
  await expect(page.getByTestId('project-update')).toHaveCount(20);
  await expect(page.getByTestId('project-update').first()).toContainText('Atualização número 23');
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(page.getByTestId('project-update')).toHaveCount(23);
  await expect(page.getByTestId('project-update').last()).toContainText('Atualização número 1');
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
});
