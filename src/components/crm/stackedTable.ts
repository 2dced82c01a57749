// Classes of a table that is a grid of columns from md up and a stack of cards on a phone.
// Explicit ARIA roles keep the table semantics when CSS changes the display of its parts.
// Each data cell carries `data-label` (its column name), shown before the value on a phone.

export const stacked = {
  wrapper: 'md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white md:shadow-sm',
  table: 'block w-full md:table md:min-w-[46rem] md:divide-y md:divide-slate-200',
  thead: 'sr-only md:not-sr-only md:table-header-group md:bg-slate-50',
  th: 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600',
  tbody: 'flex flex-col gap-3 md:table-row-group md:divide-y md:divide-slate-100',
  tr: 'relative block rounded-lg border border-slate-200 bg-white p-4 pr-14 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none md:hover:bg-slate-50',
  td:
    'flex min-w-0 items-start gap-3 py-1 text-sm text-slate-800 md:table-cell md:px-4 md:py-3 md:align-top ' +
    'before:w-24 before:shrink-0 before:pt-0.5 before:text-xs before:font-semibold before:uppercase before:tracking-wide ' +
    'before:text-slate-600 before:content-[attr(data-label)] md:before:content-none',
  /** The first cell: the card's title on a phone (no label). */
  tdTitle: 'block pb-2 text-base md:table-cell md:px-4 md:py-3 md:align-top md:text-sm',
  /** The actions cell: top-right corner of the card on a phone. */
  tdActions: 'absolute right-2 top-2 md:static md:table-cell md:px-4 md:py-3 md:text-right md:align-top',
};
