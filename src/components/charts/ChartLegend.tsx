// The legend of a chart: a colour swatch and the pt-BR label of each series (with its value when given), in plain
// HTML next to the chart so it wraps on narrow screens and shows before the chart's module loads. Decorative like the
// chart: the same labels and numbers are in the table beside it.
import type { BarSeries, ChartSeries } from './series';

export function ChartLegend({ series }: { series: (BarSeries | ChartSeries)[] }) {
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" data-testid="chart-legend">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} />
          <span>{'value' in s ? `${s.label}: ${s.value}` : s.label}</span>
        </li>
      ))}
    </ul>
  );
}
