import { describe, expect, it } from 'vitest';
import { uploadMimeType, uploadProblem } from '../../src/lib/domain/document-rules';
import { ATTACHMENT_ACCEPT, ATTACHMENT_RULES, MAX_ATTACHMENT_BYTES } from '../../src/lib/domain/ticket-attachment-rules';
import { attachmentKey } from '../../src/lib/data/ticket-attachments';

describe('regras dos anexos de ticket', () => {
  it('aceita PDF, imagens e texto até 10 MB; o seletor oferece só esses tipos', () => {
    expect(uploadProblem({ name: 'nota.pdf', type: 'application/pdf', size: MAX_ATTACHMENT_BYTES }, ATTACHMENT_RULES)).toBeNull();
    expect(uploadMimeType({ name: 'foto.JPG', type: '' }, ATTACHMENT_RULES)).toBe('image/jpeg');
    expect(ATTACHMENT_ACCEPT.split(',').sort()).toEqual(
      ['.csv', '.jpeg', '.jpg', '.pdf', '.png', '.txt', '.webp', 'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/csv', 'text/plain'].sort(),
    );
  });

  it('recusa em pt-BR o arquivo grande demais e o de tipo que só os documentos de projeto aceitam', () => {
    expect(uploadProblem({ name: 'grande.pdf', type: 'application/pdf', size: MAX_ATTACHMENT_BYTES + 1 }, ATTACHMENT_RULES)).toBe(
      'O arquivo "grande.pdf" tem 10 MB e passa do limite de 10 MB por arquivo.',
    );
    expect(uploadProblem({ name: 'contrato.docx', type: '', size: 10 }, ATTACHMENT_RULES)).toBe(
      'O arquivo "contrato.docx" não é de um tipo aceito. Tipos aceitos: PDF, PNG, JPEG, WebP, texto (TXT) e CSV.',
    );
    expect(uploadMimeType({ name: 'pacote.zip', type: 'application/zip' }, ATTACHMENT_RULES)).toBeNull();
  });

  it('a chave do anexo: ticket, mensagem (o próprio ticket na primeira), anexo e nome', () => {
    expect(attachmentKey('t', null, 'a', 'x.pdf')).toBe('t/t/a/x.pdf');
    expect(attachmentKey('t', 'm', 'a', 'x.pdf')).toBe('t/m/a/x.pdf');
  });
});
