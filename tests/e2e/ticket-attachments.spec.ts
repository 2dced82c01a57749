// Ticket attachments, client and staff side by side: a file whose bytes are not its type is refused in pt-BR, the
// client attaches a PDF to a new ticket, the staff see it and download it byte for byte, the staff's reply carries a
// file the client receives while the file of an internal note never reaches them (not on screen, not from Storage),
// and a reply whose attachment fails keeps the text and the file, then is stored once on the retry.
import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { anonClient, e2eEnv, expect, loginAs, serviceClient, test } from './fixtures';
import { freshUser, signIn, unique } from './projects-helpers';

test.describe.configure({ timeout: 150_000 });

const BUCKET = 'ticket-attachments';

function samplePdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n%', 'latin1'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]),
    Buffer.from('1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

async function staffPage(browser: Browser, to: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, acceptDownloads: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await loginAs(page, 'admin', to);
  return page;
}

async function attachmentsOf(ticketId: string) {
  const { data, error } = await serviceClient().from('ticket_attachments').select('*').eq('ticket_id', ticketId).order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

const picker = (page: Page) => page.getByTestId('attachment-input');
const message = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('anexos de ticket: PDF no ticket novo, download pela equipe, nota interna com anexo invisível ao cliente, HTML com nome .pdf recusado e envio que falha mantido', async ({ page, browser }) => {
  const client = await freshUser('anexos');
  const subject = unique('Nota fiscal errada');
  const pdf = samplePdf();
  await signIn(page, client, '/support');
  await page.getByLabel('Assunto').fill(subject);
  await page.getByLabel('Mensagem').fill('Segue a nota fiscal com o valor errado.');

  // An HTML page named '.pdf' never joins the list.
  await picker(page).setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') });
  await expect(page.getByRole('alert').filter({ hasText: 'O conteúdo do arquivo "nota.pdf" não corresponde ao tipo PDF. Envie o arquivo original.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Arquivos anexados' })).toHaveCount(0);
  await picker(page).setInputFiles({ name: 'Nota fiscal #12.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('list', { name: 'Arquivos anexados' })).toContainText('Nota fiscal #12.pdf');
  await page.getByRole('button', { name: 'Enviar Ticket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Arquivos anexados' })).toHaveCount(0);
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
  const ticketId = page.url().split('/').pop()!;
  expect((await attachmentsOf(ticketId)).map((a) => [a.name, a.message_id, a.size_bytes])).toEqual([['Nota fiscal #12.pdf', null, pdf.length]]);

  // The staff see it under the first message and download it byte for byte; they answer with a file and leave a note
  // with another.
  const staff = await staffPage(browser, `/admin/support/${ticketId}`);
  const first = message(staff, 'Segue a nota fiscal com o valor errado.');
  await expect(first.getByRole('list', { name: 'Anexos' })).toContainText('Nota fiscal #12.pdf');
  await expect(first.getByRole('list', { name: 'Anexos' })).toContainText('PDF');
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    first.getByRole('button', { name: 'Baixar Nota fiscal #12.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Nota fiscal #12.pdf');
  expect(Buffer.compare(readFileSync(await download.path()), pdf)).toBe(0);

  await staff.getByPlaceholder('Escreva uma resposta...').fill('Corrigimos a nota; segue a nova.');
  await picker(staff).setInputFiles({ name: 'nota corrigida.txt', mimeType: 'text/plain', buffer: Buffer.from('Valor correto: R$ 1.998,00\n') });
  await staff.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Resposta enviada' })).toBeVisible();
  await expect(message(staff, 'Corrigimos a nota').getByRole('list', { name: 'Anexos' })).toContainText('nota corrigida.txt');
  await staff.getByLabel('Nota interna', { exact: true }).check();
  await staff.getByPlaceholder('Escreva uma resposta...').fill('Nota: o financeiro errou o CNPJ.');
  await picker(staff).setInputFiles({ name: 'planilha interna.csv', mimeType: 'text/csv', buffer: Buffer.from('cnpj;valor\n1;2\n') });
  await staff.getByRole('button', { name: 'Adicionar Nota' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Nota adicionada' })).toBeVisible();
  await expect(staff.getByRole('article', { name: 'Nota interna' }).getByRole('list', { name: 'Anexos' })).toContainText('planilha interna.csv');
  await staff.context().close();

  // The client gets the staff's file, never the note's (not on screen, not from Storage with their own session).
  await page.reload();
  await expect(message(page, 'Corrigimos a nota').getByRole('list', { name: 'Anexos' })).toContainText('nota corrigida.txt');
  await expect(message(page, 'Segue a nota fiscal').getByRole('list', { name: 'Anexos' })).toContainText('Nota fiscal #12.pdf');
  await expect(page.getByText('planilha interna.csv')).toHaveCount(0);
  await expect(page.getByText('o financeiro errou')).toHaveCount(0);
  const note = (await attachmentsOf(ticketId)).find((a) => a.internal)!;
  expect(note.name).toBe('planilha interna.csv');
  const api = anonClient();
  await api.auth.signInWithPassword({ email: client.email, password: client.password });
  expect((await api.from('ticket_attachments').select('name').eq('ticket_id', ticketId)).data?.map((a) => a.name).sort()).toEqual(
    ['Nota fiscal #12.pdf', 'nota corrigida.txt'],
  );
  expect((await api.storage.from(BUCKET).createSignedUrl(note.storage_path, 60)).data).toBeNull();
  expect((await api.storage.from(BUCKET).download(note.storage_path)).data).toBeNull();

  // A reply whose file fails to upload keeps the text and the file; the retry stores the message and the file once.
  let failing = true;
  await page.route(`**/storage/v1/object/${BUCKET}/**`, (route) => (failing ? route.abort() : route.fallback()));
  await page.getByPlaceholder('Escreva uma resposta...').fill('Recebi, obrigado. Segue o comprovante.');
  await picker(page).setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]) });
  await page.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao enviar anexo' })).toContainText('continua selecionado');
  await expect(page.getByPlaceholder('Escreva uma resposta...')).toHaveValue('Recebi, obrigado. Segue o comprovante.');
  await expect(page.getByRole('list', { name: 'Arquivos anexados' })).toContainText('comprovante.png');
  failing = false;
  await page.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(page.getByPlaceholder('Escreva uma resposta...')).toHaveValue('');
  await expect(message(page, 'Segue o comprovante').getByRole('list', { name: 'Anexos' })).toContainText('comprovante.png');
  const { data: replies } = await serviceClient().from('ticket_messages').select('id').eq('ticket_id', ticketId).eq('body', 'Recebi, obrigado. Segue o comprovante.');
  expect(replies).toHaveLength(1);
  expect((await attachmentsOf(ticketId)).filter((a) => a.name === 'comprovante.png').map((a) => a.message_id)).toEqual([replies![0]!.id]);
});
