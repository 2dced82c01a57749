import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCEPT,
  MAX_DOCUMENT_BYTES,
  documentMimeType,
  documentProblem,
  documentTypeLabel,
  formatFileSize,
} from '../../src/lib/domain/document-rules';

describe('formatFileSize', () => {
  it('mostra bytes, KB, MB e GB em pt-BR com vírgula decimal e no máximo uma casa', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1_258_291)).toBe('1,2 MB');
    expect(formatFileSize(MAX_DOCUMENT_BYTES)).toBe('25 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('um valor que arredondaria para 1024 passa para a unidade seguinte', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });
});

describe('documentMimeType', () => {
  it('aceita os tipos do bucket pelo tipo do arquivo, sem parâmetros e sem diferenciar maiúsculas', () => {
    expect(documentMimeType({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(documentMimeType({ name: 'notas', type: 'text/plain;charset=utf-8' })).toBe('text/plain');
    expect(documentMimeType({ name: 'x.zip', type: 'application/x-zip-compressed' })).toBe('application/x-zip-compressed');
    expect(documentMimeType({ name: 'F.PNG', type: 'IMAGE/PNG' })).toBe('image/png');
  });

  it('sem tipo (ou com um genérico) usa a extensão quando ela é aceita', () => {
    expect(documentMimeType({ name: 'Relatório.DOCX', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(documentMimeType({ name: 'dados.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(documentMimeType({ name: 'foto.jpg', type: 'application/octet-stream' })).toBe('image/jpeg');
  });

  it('recusa tipos e extensões fora da lista', () => {
    expect(documentMimeType({ name: 'setup.exe', type: 'application/x-msdownload' })).toBeNull();
    expect(documentMimeType({ name: 'pagina.html', type: 'text/html' })).toBeNull();
    expect(documentMimeType({ name: 'antigo.doc', type: 'application/msword' })).toBeNull();
    expect(documentMimeType({ name: 'semextensao', type: '' })).toBeNull();
    expect(documentMimeType({ name: '.pdf', type: '' })).toBeNull();
  });

  it('o accept do seletor inclui cada tipo e extensão aceitos', () => {
    for (const v of ['application/pdf', 'image/webp', 'text/csv', '.docx', '.xlsx', '.pptx', '.zip', '.txt']) {
      expect(DOCUMENT_ACCEPT.split(',')).toContain(v);
    }
  });
});

describe('documentTypeLabel', () => {
  it('dá o rótulo do tipo guardado, ou a extensão, ou "Arquivo"', () => {
    expect(documentTypeLabel('application/pdf')).toBe('PDF');
    expect(documentTypeLabel('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('Excel (xlsx)');
    expect(documentTypeLabel('application/octet-stream', 'dados.bin')).toBe('BIN');
    expect(documentTypeLabel('application/octet-stream', 'sem')).toBe('Arquivo');
  });
});

describe('documentProblem', () => {
  it('aceita um arquivo permitido de até 25 MB exatos', () => {
    expect(documentProblem({ name: 'contrato.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES })).toBeNull();
  });

  it('um byte acima de 25 MB: mensagem com o nome, o tamanho e o limite', () => {
    expect(documentProblem({ name: 'grande.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      'O arquivo "grande.pdf" tem 25 MB e passa do limite de 25 MB por arquivo.',
    );
    expect(documentProblem({ name: 'video.zip', type: 'application/zip', size: 40 * 1024 * 1024 })).toBe(
      'O arquivo "video.zip" tem 40 MB e passa do limite de 25 MB por arquivo.',
    );
  });

  it('tipo não aceito: mensagem com o nome e os tipos aceitos, antes de olhar o tamanho', () => {
    const message = documentProblem({ name: 'programa.exe', type: 'application/x-msdownload', size: MAX_DOCUMENT_BYTES * 2 });
    expect(message).toBe(
      'O arquivo "programa.exe" não é de um tipo aceito. Tipos aceitos: PDF, PNG, JPEG, WebP, texto (TXT), CSV, ZIP, Word (docx), Excel (xlsx) e PowerPoint (pptx).',
    );
  });

  it('arquivo vazio é recusado com o nome', () => {
    expect(documentProblem({ name: 'vazio.txt', type: 'text/plain', size: 0 })).toBe('O arquivo "vazio.txt" está vazio.');
  });
});
