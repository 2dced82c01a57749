import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismiss, toast, TOAST_DEFAULT_DURATION, TOAST_REMOVE_DELAY } from '../../src/lib/stores/toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mostra no máximo um toast: o mais novo substitui o anterior', () => {
    toast({ title: 'Primeiro' });
    toast({ title: 'Projeto atualizado', description: 'Alterações salvas com sucesso.' });
    const list = $toasts.get();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Projeto atualizado', description: 'Alterações salvas com sucesso.', open: true });
  });

  it('usa a variante default e 5000 ms quando não informados', () => {
    toast({ title: 'Sucesso' });
    expect($toasts.get()[0]).toMatchObject({ variant: 'default', duration: 5000 });
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
  });

  it('fecha sozinho depois da duração padrão e só remove da lista após 1000000 ms', () => {
    const id = toast({ title: 'Sucesso' });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()[0].open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('respeita uma duração própria', () => {
    toast({ title: 'Erro ao sair', variant: 'destructive', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect($toasts.get()[0].open).toBe(false);
  });

  it('dismiss(id) fecha aquele toast imediatamente', () => {
    const id = toast({ title: 'Cliente excluído' });
    dismiss(id);
    expect($toasts.get()[0]).toMatchObject({ id, open: false });
  });

  it('dismiss() sem id fecha todos', () => {
    toast({ title: 'Um' });
    dismiss();
    expect($toasts.get().every((t) => !t.open)).toBe(true);
  });

  it('guarda a ação (rótulo e callback) para o Toaster', () => {
    const onClick = vi.fn();
    toast({ title: 'Excluir cliente?', action: { label: 'Confirmar Exclusão', onClick } });
    const action = $toasts.get()[0].action;
    expect(action?.label).toBe('Confirmar Exclusão');
    action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('um toast substituído não fecha o novo quando o seu tempo acaba', () => {
    toast({ title: 'Antigo', duration: 1000 });
    vi.advanceTimersByTime(500);
    toast({ title: 'Novo' });
    vi.advanceTimersByTime(600);
    expect($toasts.get()[0]).toMatchObject({ title: 'Novo', open: true });
  });
});
