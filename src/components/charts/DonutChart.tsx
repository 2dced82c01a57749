// The one place that talks to recharts. Screens import it lazily so recharts is never in a page's initial JS.
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { ChartSeries } from './series';

interface DonutChartProps {
  series: ChartSeries[];
  /** Height in px; the caller reserves the same space while this module loads. */
  height: number;
}

/** A donut of the non-zero series. Decorative: the same numbers are on screen as text next to it. */
export default function DonutChart({ series, height }: DonutChartProps) {
  const data = series.filter((s) => s.value > 0);
  return (
    <div aria-hidden="true" style={{ height }} className="w-full" data-testid="donut-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={data}
            dataKey="value"
            nameKey="label"
            innerRadius="58%"
            outerRadius="88%"
            paddingAngle={data.length > 1 ? 2 : 0}
            isAnimationActive={false}
            rootTabIndex={-1}
            stroke="#ffffff"
          >
            {data.map((s) => (
              <Cell key={s.key} fill={s.color} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => [String(value), '']} separator="" />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
