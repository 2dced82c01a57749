// Form drafts in sessionStorage (nothing typed is lost) and the ids made in the browser for rows about to be created.
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionDraft } from '../../src/lib/stores/drafts';
import { projectDraft } from '../../src/components/projects/draft-storage';
import { ticketDraft } from '../../src/components/support/ticket-draft';
import { isUuid, newId } from '../../src/lib/util/ids';
import { MemoryStorage } from './memory-storage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
});

describe('rascunho em sessionStorage', () => {
  const readText = (v: unknown) => (typeof v === 'string' ? v : null);

  it('guarda, devolve e apaga o rascunho da sua chave', () => {
    const a = sessionDraft('k:a', readText);
    const b = sessionDraft('k:b', readText);
    a.save('texto');
    b.save('outro');
    expect(a.load()).toBe('texto');
    a.clear();
    expect(a.load()).toBeNull();
    expect(b.load()).toBe('outro');
  });

  it('ignora JSON inválido e valores que o leitor recusa', () => {
    storage.setItem('k:a', '{não é json');
    expect(sessionDraft('k:a', readText).load()).toBeNull();
    storage.setItem('k:a', '[1,2]');
    expect(sessionDraft('k:a', readText).load()).toBeNull();
  });

  it('um rascunho vazio é apagado em vez de guardado', () => {
    const d = sessionDraft('k:a', readText, (v) => v === '');
    d.save('algo');
    d.save('');
    expect(storage.items.size).toBe(0);
  });

  it('sem sessionStorage disponível, não lança erro', () => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = undefined;
    const d = sessionDraft('k:a', readText);
    expect(() => d.save('x')).not.toThrow();
    expect(d.load()).toBeNull();
    expect(() => d.clear()).not.toThrow();
  });
});

describe('rascunho de edição do projeto', () => {
  const draft = { title: 'T', description: 'D', status: 'in-progress' as const, progress: 40 };

  it('guarda as alterações com a versão de origem, por projeto', () => {
    projectDraft('p1').save({ draft, baseUpdatedAt: 'u1' });
    expect(projectDraft('p1').load()).toEqual({ draft, baseUpdatedAt: 'u1' });
    expect(projectDraft('p2').load()).toBeNull();
  });

  it('ignora um rascunho com valores fora das regras', () => {
    projectDraft('p1').save({ draft: { ...draft, status: 'archived' as never }, baseUpdatedAt: 'u1' });
    expect(projectDraft('p1').load()).toBeNull();
    projectDraft('p1').save({ draft: { ...draft, progress: 150 }, baseUpdatedAt: 'u1' });
    expect(projectDraft('p1').load()).toBeNull();
    storage.setItem('portal-ia:project-draft:p1', JSON.stringify({ draft }));
    expect(projectDraft('p1').load()).toBeNull();
  });
});

describe('rascunho do ticket', () => {
  it('guarda assunto, mensagem e o id da tentativa, por usuário', () => {
    ticketDraft('u1').save({ subject: 'A', message: 'M', pendingId: 'id-1' });
    expect(ticketDraft('u1').load()).toEqual({ subject: 'A', message: 'M', pendingId: 'id-1' });
    expect(ticketDraft('u2').load()).toBeNull();
  });

  it('um formulário vazio apaga o rascunho', () => {
    ticketDraft('u1').save({ subject: 'A', message: '', pendingId: null });
    ticketDraft('u1').save({ subject: '', message: '', pendingId: null });
    expect(storage.items.size).toBe(0);
  });

  it('ignora valores malformados', () => {
    storage.setItem('portal-ia:ticket-draft:u1', JSON.stringify({ subject: 1, message: 'M' }));
    expect(ticketDraft('u1').load()).toBeNull();
  });
});

describe('id gerado no navegador', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('é um uuid v4 diferente a cada chamada', () => {
    const a = newId();
    const b = newId();
    expect(a).toMatch(V4);
    expect(b).toMatch(V4);
    expect(a).not.toBe(b);
  });

  it('também sem crypto.randomUUID (contexto não seguro)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newId()).toMatch(V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('isUuid aceita um uuid de qualquer versão, em maiúsculas ou minúsculas, e nada mais', () => {
    expect(isUuid(newId())).toBe(true);
    expect(isUuid('00000000-0000-4000-8000-00000000F1F1')).toBe(true);
    for (const bad of ['', '123', 'projeto-1', '00000000-0000-4000-8000-00000000f1f1x', ' 00000000-0000-4000-8000-00000000f1f1']) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });
});
