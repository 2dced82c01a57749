// The list view every paged list screen draws, and the search box of the lists: each state renders the panels, rows
// and footer the screens drew by hand before, so the screens' texts, roles and classes do not change.
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagedList, type PagedListState } from '../../src/components/ui/PagedList';
import { ListFooter, LoadMoreButton } from '../../src/components/ui/ListFooter';
import { ListEmpty, ListError, ListLoading } from '../../src/components/ui/ListPanels';
import { SearchInput } from '../../src/components/ui/SearchInput';

type Row = { id: string };
const noop = () => undefined;
const state = (patch: Partial<PagedListState<Row>> = {}): PagedListState<Row> => ({
  status: 'ready',
  rows: [{ id: 'a' }, { id: 'b' }],
  total: 2,
  hasMore: false,
  loadingMore: false,
  refreshing: false,
  reload: noop,
  loadMore: noop,
  ...patch,
});
const rowsOf = (rows: Row[]) => h('ul', null, ...rows.map((r) => h('li', { key: r.id }, r.id)));
const html = (node: ReactNode) => renderToStaticMarkup(h(Fragment, null, node));
const list = (s: PagedListState<Row>, props: Record<string, unknown> = {}) =>
  html(
    h(PagedList<Row>, {
      list: s,
      loadingLabel: 'Carregando itens...',
      errorText: 'Não foi possível buscar os itens.',
      filtered: false,
      emptyFiltered: h('p', null, 'Nenhum item corresponde aos filtros.'),
      empty: h('p', null, 'Você ainda não tem itens.'),
      footer: { noun: ['item', 'itens'] },
      children: rowsOf,
      ...props,
    }),
  );
const footer = (shown: number, total: number | null, noun: string, more = false) =>
  h(ListFooter, { shown, total, hasMore: more, noun, loadingMore: false, onLoadMore: noop });
const dimmed = (refreshing: boolean, ...children: ReactNode[]) =>
  h('div', { className: refreshing ? 'opacity-60 transition-opacity' : undefined }, ...children);

describe('PagedList', () => {
  it('shows the loading panel with its label until the first page arrives', () => {
    expect(list(state({ status: 'loading', rows: [] }))).toBe(html(h(ListLoading, { label: 'Carregando itens...' })));
  });

  it('shows a failed read as the error panel with its retry', () => {
    expect(list(state({ status: 'error', rows: [] }))).toBe(
      html(h(ListError, { message: 'Não foi possível buscar os itens.', onRetry: noop })),
    );
    expect(list(state({ status: 'error', rows: [] }))).toContain('Tentar novamente');
  });

  it("shows the 'nothing yet' content when nothing exists and the 'no match' content when filters narrow the list", () => {
    const none = state({ rows: [], total: 0 });
    expect(list(none)).toBe(html(h(ListEmpty, null, h('p', null, 'Você ainda não tem itens.'))));
    expect(list(none, { filtered: true })).toBe(html(h(ListEmpty, null, h('p', null, 'Nenhum item corresponde aos filtros.'))));
  });

  it('draws the rows and the count, dimmed while a refresh reads them again', () => {
    expect(list(state())).toBe(html(dimmed(false, rowsOf(state().rows), footer(2, 2, 'itens'))));
    expect(list(state({ refreshing: true }))).toBe(html(dimmed(true, rowsOf(state().rows), footer(2, 2, 'itens'))));
    expect(list(state())).toContain('Exibindo 2 de 2 itens.');
  });

  it('takes the singular noun for one row, the given total in place of the list\'s, and offers more only when the server has it', () => {
    const one = state({ rows: [{ id: 'a' }], total: null, hasMore: true });
    expect(list(one)).toContain('Exibindo 1 item.');
    expect(list(one)).toContain('Carregar mais');
    expect(list(state(), { footer: { noun: 'itens', total: 9 } })).toContain('Exibindo 2 de 9 itens.');
    expect(list(state(), { footer: { noun: 'itens', total: null } })).toContain('Exibindo 2 itens.');
    expect(list(state())).not.toContain('Carregar mais');
  });

  it('draws the rows bare, with only the load-more button, when asked', () => {
    const more = state({ hasMore: true });
    expect(list(more, { dim: false, footer: 'load-more' })).toBe(
      html(h(Fragment, null, rowsOf(more.rows), h(LoadMoreButton, { hasMore: true, loading: false, onLoadMore: noop }))),
    );
  });

  it('puts the list in a labelled section after the first load, busy while refreshing, with the footer as told', () => {
    const section = (s: PagedListState<Row>, ...children: ReactNode[]) =>
      html(h('section', { 'aria-label': 'Lista de itens', 'aria-busy': s.refreshing }, ...children));
    const props = { section: 'Lista de itens' };
    expect(list(state({ status: 'loading', rows: [] }), props)).toBe(html(h(ListLoading, { label: 'Carregando itens...' })));
    const busy = state({ refreshing: true });
    expect(list(busy, props)).toBe(section(busy, dimmed(true, rowsOf(busy.rows)), footer(2, 2, 'itens')));
    const empty = state({ rows: [], total: 0 });
    const emptyPanel = h(ListEmpty, null, h('p', null, 'Você ainda não tem itens.'));
    expect(list(empty, props)).toBe(section(empty, emptyPanel));
    expect(list(empty, { ...props, footerAlways: true, footer: { noun: 'itens', total: 5 } })).toBe(
      section(empty, emptyPanel, footer(0, 5, 'itens')),
    );
  });

  it('without an error text shows a failed read as empty, and without empty contents draws an empty list as its rows', () => {
    const failed = state({ status: 'error', rows: [] });
    const panel = h('p', null, 'Você ainda não enviou nada.');
    expect(list(failed, { errorText: undefined, emptyPanel: panel, dim: false, footer: 'load-more' })).toBe(html(panel));
    const empty = state({ rows: [], total: null });
    expect(list(empty, { empty: undefined, dim: false, footer: { noun: ['conta', 'contas'], total: null } })).toBe(
      html(h(Fragment, null, rowsOf([]), footer(0, null, 'contas'))),
    );
  });

  it('shows its own loading panel in place of the standard one when given', () => {
    const spinner = h('div', { className: 'own' }, 'girando');
    expect(list(state({ status: 'loading', rows: [] }), { loadingPanel: spinner })).toBe(html(spinner));
  });
});

describe('SearchInput', () => {
  const box = (props: Partial<Parameters<typeof SearchInput>[0]> = {}) =>
    html(h(SearchInput, { value: 'abc', onChange: noop, label: 'Buscar itens', placeholder: 'Buscar itens...', ...props }));

  it('is a search field named by its aria-label, with its placeholder, the search limit and a hidden magnifier', () => {
    const markup = box({ className: 'flex-1' });
    expect(markup).toMatch(/^<div class="relative flex-1"><svg [^>]*class="lucide lucide-search [^"]*" aria-hidden="true">/);
    expect(markup).toContain('<input type="search"');
    expect(markup).toContain('aria-label="Buscar itens" placeholder="Buscar itens..." maxLength="200" value="abc"');
    expect(markup).not.toContain('<label');
  });

  it('is named by a visually hidden label when it has an id', () => {
    const markup = box({ id: 'itens-search' });
    expect(markup).toContain('<label class="text-sm font-medium text-slate-700 sr-only" for="itens-search">Buscar itens</label>');
    expect(markup).toContain('id="itens-search"');
    expect(markup).not.toContain('aria-label');
  });
});
