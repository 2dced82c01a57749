import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from '../../src/components/projects/draft-storage';

/** A sessionStorage stand-in for Node. */
class MemoryStorage {
  private items = new Map<string, string>();
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

beforeEach(() => {
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
});

const draft = { title: 'T', description: 'D', status: 'in-progress' as const, progress: 40 };

describe('rascunho de edição do projeto (nada se perde)', () => {
  it('guarda e devolve as alterações com a versão de origem, por projeto', () => {
    saveDraft('p1', { draft, baseUpdatedAt: 'u1' });
    expect(loadDraft('p1')).toEqual({ draft, baseUpdatedAt: 'u1' });
    expect(loadDraft('p2')).toBeNull();
  });

  it('clearDraft apaga só o rascunho daquele projeto', () => {
    saveDraft('p1', { draft, baseUpdatedAt: 'u1' });
    saveDraft('p2', { draft, baseUpdatedAt: 'u2' });
    clearDraft('p1');
    expect(loadDraft('p1')).toBeNull();
    expect(loadDraft('p2')).not.toBeNull();
  });

  it('ignora um rascunho malformado ou com valores fora das regras', () => {
    sessionStorage.setItem('portal-ia:project-draft:p1', '{não é json');
    expect(loadDraft('p1')).toBeNull();
    saveDraft('p1', { draft: { ...draft, status: 'archived' as never }, baseUpdatedAt: 'u1' });
    expect(loadDraft('p1')).toBeNull();
    saveDraft('p1', { draft: { ...draft, progress: 150 }, baseUpdatedAt: 'u1' });
    expect(loadDraft('p1')).toBeNull();
  });

  it('sem sessionStorage disponível, não lança erro', () => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = undefined;
    expect(() => saveDraft('p1', { draft, baseUpdatedAt: 'u1' })).not.toThrow();
    expect(loadDraft('p1')).toBeNull();
    expect(() => clearDraft('p1')).not.toThrow();
  });
});
