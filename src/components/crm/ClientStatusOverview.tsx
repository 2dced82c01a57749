import { lazy, Suspense } from 'react';
import {
  CLIENT_STATUSES,
  CLIENT_STATUS_COLORS,
  CLIENT_STATUS_LABELS,
} from '../../lib/domain/client-rules';
import type { ClientStatusCounts } from '../../lib/data/clients';
import { countsToSeries } from '../charts/series';
import { cn } from '../ui/cn';

// recharts is fetched only when the chart is first rendered (after the table is on screen).
const DonutChart = lazy(() => import('../charts/DonutChart'));

const CHART_HEIGHT = 208;

interface Props {
  /** null while the counts load. */
  counts: ClientStatusCounts | null;
  /** Render the chart now (the island sets it once the table is visible). */
  showChart: boolean;
}

/** The donut and one card per status, from the server's counts (rpc client_status_counts). */
export function ClientStatusOverview({ counts, showChart }: Props) {
  const series = counts ? countsToSeries(counts, CLIENT_STATUSES, CLIENT_STATUS_LABELS, CLIENT_STATUS_COLORS) : [];
  const total = series.reduce((sum, s) => sum + s.value, 0);
  const placeholder = <div style={{ height: CHART_HEIGHT }} className="w-full" aria-hidden="true" />;

  return (
    <section aria-labelledby="crm-status-heading" className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_1fr]">
      <h2 id="crm-status-heading" className="sr-only">
        Clientes por status
      </h2>
      <div className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {counts && total > 0 && showChart ? (
          <Suspense fallback={placeholder}>
            <DonutChart series={series} height={CHART_HEIGHT} />
          </Suspense>
        ) : (
          placeholder
        )}
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-bold text-slate-900">{counts ? total : '–'}</span>
          <span className="text-xs text-slate-600">{total === 1 ? 'cliente' : 'clientes'}</span>
        </div>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {CLIENT_STATUSES.map((status) => (
          <li
            key={status}
            className="flex min-h-[5.5rem] flex-col justify-between rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-status-card={status}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <span
                aria-hidden="true"
                className="h-2.5 w-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: CLIENT_STATUS_COLORS[status] }}
              />
              {CLIENT_STATUS_LABELS[status]}
            </span>
            <span className={cn('text-2xl font-bold', counts ? 'text-slate-900' : 'text-slate-400')}>
              {counts ? counts[status] : '–'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
