// The four panels of 'Analytics e Relatórios'. Each shows its figures as a table first (every number readable as
// text) and a chart next to it, fetched only once `showCharts` is true.
import type { ReactNode } from 'react';
import type { ClientBreakdown, MonthFigures, ProjectBreakdown, ReceivedMonth } from '../../lib/data/admin-figures';
import { CLIENT_SOURCE_LABELS, CLIENT_STATUSES, CLIENT_STATUS_COLORS, CLIENT_STATUS_LABELS } from '../../lib/domain/client-rules';
import {
  CLIENT_SOURCE_COLORS,
  PLAN_CODES,
  PLAN_COLORS,
  PROJECT_STATUS_COLORS,
  formatPercent,
  monthLabel,
  planLabel,
} from '../../lib/domain/figures-rules';
import { formatCurrency, formatCurrencyCompact } from '../../lib/domain/format';
import { PROJECT_STATUSES, projectStatusLabel } from '../../lib/domain/project-rules';
import type { ChartSeries } from '../charts/series';
import { FigureTable } from './FigureTable';
import { LazyChart } from './LazyChart';

/** A table and its chart side by side on wide screens, the table first. */
function FigureBlock({ table, chart }: { table: ReactNode; chart: ReactNode }) {
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-2">
      <div className="min-w-0">{table}</div>
      <div className="min-w-0">{chart}</div>
    </div>
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function OverviewPanel({ months, showCharts }: { months: MonthFigures[]; showCharts: boolean }) {
  const data = months.map((m) => ({ category: monthLabel(m.month), clients: m.newClients, projects: m.newProjects, tickets: m.newTickets }));
  return (
    <FigureBlock
      table={
        <FigureTable
          caption="Novos por mês (últimos 12 meses)"
          testId="analytics-monthly"
          headers={['Mês', 'Novos clientes', 'Novos projetos', 'Novos tickets']}
          rows={months.map((m) => ({ key: m.month, cells: [monthLabel(m.month), m.newClients, m.newProjects, m.newTickets] }))}
          footer={[
            'Total',
            sum(months.map((m) => m.newClients)),
            sum(months.map((m) => m.newProjects)),
            sum(months.map((m) => m.newTickets)),
          ]}
        />
      }
      chart={
        <LazyChart
          show={showCharts}
          chart={{
            kind: 'bar',
            data,
            series: [
              { key: 'clients', label: 'Novos clientes', color: '#0284c7' },
              { key: 'projects', label: 'Novos projetos', color: '#7c3aed' },
              { key: 'tickets', label: 'Novos tickets', color: '#d97706' },
            ],
          }}
        />
      }
    />
  );
}

export function ClientsPanel({ clients, showCharts }: { clients: ClientBreakdown; showCharts: boolean }) {
  const statusSeries: ChartSeries[] = CLIENT_STATUSES.map((s) => ({
    key: s, label: CLIENT_STATUS_LABELS[s], value: clients.byStatus[s] ?? 0, color: CLIENT_STATUS_COLORS[s],
  }));
  const sourceSeries: ChartSeries[] = [...Object.keys(CLIENT_SOURCE_LABELS), ''].map((s) => ({
    key: s || 'none',
    label: s ? CLIENT_SOURCE_LABELS[s as keyof typeof CLIENT_SOURCE_LABELS] : 'Não informada',
    value: clients.bySource[s] ?? 0,
    color: CLIENT_SOURCE_COLORS[s],
  }));
  return (
    <div className="grid gap-4">
      <SeriesBlock caption="Clientes da agência por status" testId="analytics-clients-status" header="Status" noun="Clientes" series={statusSeries} showCharts={showCharts} />
      <SeriesBlock caption="Clientes da agência por origem" testId="analytics-clients-source" header="Origem" noun="Clientes" series={sourceSeries} showCharts={showCharts} />
    </div>
  );
}

/** A count per category: the table (with its total) and a donut of the same series. */
function SeriesBlock(props: { caption: string; testId: string; header: string; noun: string; series: ChartSeries[]; showCharts: boolean }) {
  const { caption, testId, header, noun, series, showCharts } = props;
  return (
    <FigureBlock
      table={
        <FigureTable
          caption={caption}
          testId={testId}
          headers={[header, noun]}
          rows={series.map((s) => ({ key: s.key, cells: [s.label, s.value] }))}
          footer={['Total', sum(series.map((s) => s.value))]}
        />
      }
      chart={<LazyChart show={showCharts && series.some((s) => s.value > 0)} chart={{ kind: 'donut', series }} />}
    />
  );
}

export function ProjectsPanel({ projects, showCharts }: { projects: ProjectBreakdown; showCharts: boolean }) {
  const statusSeries: ChartSeries[] = PROJECT_STATUSES.map((s) => ({
    key: s, label: projectStatusLabel(s), value: projects.byStatus[s]?.count ?? 0, color: PROJECT_STATUS_COLORS[s],
  }));
  const planSeries: ChartSeries[] = [...PLAN_CODES, ''].map((p) => ({
    key: p || 'none', label: planLabel(p), value: projects.byPlan[p]?.count ?? 0, color: PLAN_COLORS[p as keyof typeof PLAN_COLORS],
  }));
  const inProgress = projects.byStatus['in-progress']?.averageProgress ?? null;
  return (
    <div className="grid gap-4">
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm" data-testid="analytics-average-progress">
        Progresso médio dos projetos em andamento:{' '}
        <strong className="text-lg text-slate-900">{formatPercent(inProgress)}</strong>
      </p>
      <SeriesBlock caption="Projetos por status" testId="analytics-projects-status" header="Status" noun="Projetos" series={statusSeries} showCharts={showCharts} />
      <SeriesBlock caption="Projetos por plano" testId="analytics-projects-plan" header="Plano" noun="Projetos" series={planSeries} showCharts={showCharts} />
    </div>
  );
}

/** What was received: the paid invoices of each of the last 12 months, by the month they were paid. */
export function FinancialPanel({ received, showCharts }: { received: ReceivedMonth[]; showCharts: boolean }) {
  const months = received.map((m) => ({ ...m, label: monthLabel(m.month), reais: m.receivedCents / 100 }));
  return (
    <FigureBlock
      table={
        <FigureTable
          caption="Receita mensal recebida (faturas pagas, últimos 12 meses)"
          testId="analytics-revenue"
          headers={['Mês', 'Faturas pagas', 'Receita mensal']}
          rows={months.map((m) => ({ key: m.month, cells: [m.label, m.paidCount, formatCurrency(m.reais)] }))}
          footer={['Total', sum(months.map((m) => m.paidCount)), formatCurrency(sum(months.map((m) => m.receivedCents)) / 100)]}
        />
      }
      chart={
        <LazyChart
          show={showCharts}
          chart={{
            kind: 'bar',
            data: months.map((m) => ({ category: m.label, revenue: m.reais })),
            series: [{ key: 'revenue', label: 'Receita mensal', color: '#16a34a' }],
            format: formatCurrency,
            axisFormat: formatCurrencyCompact,
          }}
        />
      }
    />
  );
}
