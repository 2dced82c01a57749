// The adapter's bar chart (recharts): one group of bars per category, one bar per series. Screens import it lazily so
// recharts is never in a page's initial JS. Its legend is drawn by the caller (ChartLegend), outside this module, so
// it is on screen before recharts arrives.
import { Bar, BarChart as RechartsBarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCountCompact } from '../../lib/domain/format';
import type { BarSeries } from './series';

interface BarChartProps {
  /** One object per category: `category` names it, each series' key holds its value. */
  data: Record<string, string | number>[];
  series: BarSeries[];
  /** Height in px; the caller reserves the same space while this module loads. */
  height: number;
  /** How a value reads in the tooltip (e.g. BRL); pt-BR numbers otherwise. */
  format?: (value: number) => string;
  /** How a value reads on the vertical axis, short (e.g. 'R$ 1,2 mil'); pt-BR compact counts otherwise. */
  axisFormat?: (value: number) => string;
}

const TICK = { fontSize: 12, fill: '#475569' };
/** About the width of one 12 px character of the axis, for sizing the axis to its longest label. */
const TICK_CHAR_PX = 7;

/**
 * A tick of the vertical axis as one line of SVG text: recharts' own tick breaks a label at its spaces when the axis
 * is narrow, which put 'R$' on a line of its own.
 */
function axisTick(axisFormat: (value: number) => string) {
  return function AxisTick(props: { x?: number | string; y?: number | string; className?: string; payload?: { value?: unknown } }) {
    return (
      <text x={props.x} y={props.y} dy={4} textAnchor="end" fontSize={TICK.fontSize} fill={TICK.fill} className={props.className}>
        {axisFormat(Number(props.payload?.value ?? 0))}
      </text>
    );
  };
}

const countFormat = (value: number) => new Intl.NumberFormat('pt-BR').format(value);

/** Decorative: the same numbers are on screen as text next to it. */
export default function BarChart({ data, series, height, format = countFormat, axisFormat = formatCountCompact }: BarChartProps) {
  const largest = Math.max(0, ...data.flatMap((row) => series.map((s) => Number(row[s.key]) || 0)));
  // Room for the longest label the axis can show (its top tick is at most about twice the largest value), plus the
  // tick's gap.
  const axisWidth = Math.max(32, (Math.max(axisFormat(largest * 2).length, axisFormat(largest).length) + 1) * TICK_CHAR_PX + 8);
  return (
    <div aria-hidden="true" style={{ height }} className="w-full" data-testid="bar-chart">
      <ResponsiveContainer width="100%" height="100%">
        <RechartsBarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="category" tick={TICK} tickLine={false} />
          <YAxis allowDecimals={false} tick={axisTick(axisFormat)} width={axisWidth} />
          <Tooltip formatter={(value) => format(Number(value))} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
          ))}
        </RechartsBarChart>
      </ResponsiveContainer>
    </div>
  );
}
