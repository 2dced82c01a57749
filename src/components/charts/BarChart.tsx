// The adapter's bar chart (recharts): one group of bars per category, one bar per series. Screens import it lazily so
// recharts is never in a page's initial JS.
import { Bar, BarChart as RechartsBarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BarSeries } from './series';

interface BarChartProps {
  /** One object per category: `category` names it, each series' key holds its value. */
  data: Record<string, string | number>[];
  series: BarSeries[];
  /** Height in px; the caller reserves the same space while this module loads. */
  height: number;
  /** How a value reads in the tooltip and on the axis (e.g. BRL); plain numbers otherwise. */
  format?: (value: number) => string;
}

/** Decorative: the same numbers are on screen as text next to it. */
export default function BarChart({ data, series, height, format = String }: BarChartProps) {
  return (
    <div aria-hidden="true" style={{ height }} className="w-full" data-testid="bar-chart">
      <ResponsiveContainer width="100%" height="100%">
        <RechartsBarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="category" tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(v: number) => format(v)} width={72} />
          <Tooltip formatter={(value) => format(Number(value))} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
          ))}
        </RechartsBarChart>
      </ResponsiveContainer>
    </div>
  );
}
