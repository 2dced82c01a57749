import { beforeEach, describe, expect, it } from 'vitest';
import { loadTicketDraft, newTicketId, saveTicketDraft } from '../../src/components/support/ticket-draft';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
});

describe('rascunho do ticket', () => {
  it('guarda assunto, mensagem e o id da tentativa, por usuário', () => {
    saveTicketDraft('u1', { subject: 'A', message: 'M', pendingId: 'id-1' });
    expect(loadTicketDraft('u1')).toEqual({ subject: 'A', message: 'M', pendingId: 'id-1' });
    expect(loadTicketDraft('u2')).toBeNull();
  });

  it('um formulário vazio apaga o rascunho', () => {
    saveTicketDraft('u1', { subject: 'A', message: '', pendingId: null });
    saveTicketDraft('u1', { subject: '', message: '', pendingId: null });
    expect(storage.items.size).toBe(0);
  });

  it('ignora valores malformados', () => {
    storage.setItem('portal-ia:ticket-draft:u1', '[1,2]');
    expect(loadTicketDraft('u1')).toBeNull();
    storage.setItem('portal-ia:ticket-draft:u1', 'x');
    expect(loadTicketDraft('u1')).toBeNull();
  });
});

describe('id do ticket gerado no navegador', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('é um uuid v4 diferente a cada chamada', () => {
    const a = newTicketId();
    const b = newTicketId();
    expect(a).toMatch(V4);
    expect(b).toMatch(V4);
    expect(a).not.toBe(b);
  });

  it('também sem crypto.randomUUID (contexto não seguro)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newTicketId()).toMatch(V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
