// The toast carried across one navigation (sessionStorage), shown once by the next page's toaster.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

const { $toasts, carryToast, dismiss, showCarriedToast } = await import('../../src/lib/stores/toast');

describe('toast levado para a próxima página', () => {
  beforeEach(() => {
    store.clear();
    dismiss();
    $toasts.set([]);
  });

  it('a próxima página mostra "Projeto excluído" uma única vez', () => {
    carryToast({ title: 'Projeto excluído', description: 'O projeto foi excluído.' });
    showCarriedToast();
    expect($toasts.get().map((t) => [t.title, t.description, t.variant])).toEqual([
      ['Projeto excluído', 'O projeto foi excluído.', 'default'],
    ]);
    $toasts.set([]);
    showCarriedToast();
    expect($toasts.get()).toEqual([]);
  });

  it('mantém a variante destrutiva e ignora um valor adulterado', () => {
    carryToast({ title: 'Projeto não encontrado', variant: 'destructive' });
    showCarriedToast();
    expect($toasts.get()[0]).toMatchObject({ title: 'Projeto não encontrado', variant: 'destructive' });
    $toasts.set([]);
    store.set('portal-ia:carried-toast', '{"title": 42}');
    showCarriedToast();
    store.set('portal-ia:carried-toast', 'não é json');
    showCarriedToast();
    expect($toasts.get()).toEqual([]);
  });

  it('o toaster da página que já está saindo deixa o toast para a página seguinte', async () => {
    // A fresh copy of the module: once a page is leaving it stays so.
    vi.resetModules();
    vi.stubGlobal('window', { location: { replace: vi.fn(), assign: vi.fn() } });
    try {
      const leavingPage = await import('../../src/lib/stores/toast');
      leavingPage.toastAndGo({ title: 'Projeto não encontrado', variant: 'destructive' }, '/projects', { replace: true });
      leavingPage.$toasts.set([]);
      leavingPage.showCarriedToast(); // this page's toaster mounting late
      expect(leavingPage.$toasts.get()).toEqual([]);
      expect(store.get('portal-ia:carried-toast')).toContain('Projeto não encontrado');

      vi.resetModules();
      const nextPage = await import('../../src/lib/stores/toast');
      nextPage.showCarriedToast();
      expect(nextPage.$toasts.get()[0]).toMatchObject({ title: 'Projeto não encontrado', variant: 'destructive' });
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('sessionStorage', {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      });
    }
  });
});
