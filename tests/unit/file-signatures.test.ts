import { describe, expect, it } from 'vitest';
import { contentContradictsType, fileContentProblem } from '../../src/lib/domain/file-signatures';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

const HTML = bytes('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj');
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('conteúdo que não corresponde ao tipo declarado', () => {
  it.each([
    ['um HTML com nome .pdf', 'application/pdf', HTML],
    ['um PNG enviado como PDF', 'application/pdf', PNG],
    ['um PDF enviado como PNG', 'image/png', PDF],
    ['um HTML enviado como JPEG', 'image/jpeg', HTML],
    ['um HTML enviado como WebP', 'image/webp', HTML],
    ['um HTML enviado como texto', 'text/plain', HTML],
    ['um SVG enviado como CSV', 'text/csv', bytes('  <svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['um binário (com NUL) enviado como texto', 'text/plain', bytes([0x4d, 0x5a, 0x90, 0x00, 0x03])],
    ['um PDF enviado como docx', DOCX, PDF],
  ])('recusa %s', (_name, type, head) => {
    expect(contentContradictsType(type, head)).toBe(true);
  });

  it.each([
    ['PDF', 'application/pdf', PDF],
    ['PDF com bytes antes do cabeçalho', 'application/pdf', bytes('\r\n\r\n%PDF-1.4')],
    ['PNG', 'image/png', PNG],
    ['JPEG', 'image/jpeg', JPEG],
    ['WebP', 'image/webp', WEBP],
    ['texto com acentos', 'text/plain; charset=utf-8', bytes('Relatório de março: ação concluída.\n')],
    ['CSV em Latin-1', 'text/csv', bytes('nome;cidade\nJos', [0xe9], ';S', [0xe3], 'o Paulo\n')],
    ['texto que menciona <html> no meio', 'text/plain', bytes('Use a tag <html> no topo da página.')],
    ['texto cortado no meio de um caractere', 'text/plain', bytes('Ação', [0xc3])],
    ['ZIP', 'application/zip', ZIP],
    ['docx (um ZIP)', DOCX, ZIP],
    ['um tipo sem verificação', 'application/octet-stream', HTML],
    ['um arquivo vazio', 'application/pdf', new Uint8Array()],
  ])('aceita %s', (_name, type, head) => {
    expect(contentContradictsType(type, head)).toBe(false);
  });

  it('lê só o começo do arquivo e devolve a recusa em pt-BR com o nome e o tipo', async () => {
    const file = Object.assign(new Blob([HTML]), { name: 'relatorio.pdf' });
    expect(await fileContentProblem(file, 'application/pdf', 'PDF')).toBe(
      'O conteúdo do arquivo "relatorio.pdf" não corresponde ao tipo PDF. Envie o arquivo original.',
    );
    const real = Object.assign(new Blob([PDF, new Uint8Array(5000)]), { name: 'real.pdf' });
    expect(await fileContentProblem(real, 'application/pdf', 'PDF')).toBeNull();
  });
});
