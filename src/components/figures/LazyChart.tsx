// The chart slot of a figure: the space is held at its final height from the first render, and the chart (recharts,
// through the adapter in components/charts) is fetched only once `show` is true, after the figures are on screen. The
// legend names every colour from the first render.
import { lazy, Suspense, type ComponentProps } from 'react';
import { ChartLegend } from '../charts/ChartLegend';

const DonutChart = lazy(() => import('../charts/DonutChart'));
const BarChart = lazy(() => import('../charts/BarChart'));

export const CHART_HEIGHT = 240;

type Chart =
  | ({ kind: 'donut' } & Omit<ComponentProps<typeof DonutChart>, 'height'>)
  | ({ kind: 'bar' } & Omit<ComponentProps<typeof BarChart>, 'height'>);

export function LazyChart({ show, chart }: { show: boolean; chart: Chart }) {
  const placeholder = <div style={{ height: CHART_HEIGHT }} className="w-full" aria-hidden="true" />;
  // A donut shows only its non-zero parts; its legend names the same ones.
  const legend = chart.kind === 'donut' ? chart.series.filter((s) => s.value > 0) : chart.series;
  return (
    <div data-testid="figure-chart">
      {show ? (
        <Suspense fallback={placeholder}>
          {chart.kind === 'donut' ? (
            <DonutChart series={chart.series} height={CHART_HEIGHT} />
          ) : (
            <BarChart data={chart.data} series={chart.series} format={chart.format} axisFormat={chart.axisFormat} height={CHART_HEIGHT} />
          )}
        </Suspense>
      ) : (
        placeholder
      )}
      {legend.length > 0 && <ChartLegend series={legend} />}
    </div>
  );
}
