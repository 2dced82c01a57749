// The chart adapter's input: every series already named and coloured by the screen's domain module.
export interface ChartSeries {
  key: string;
  label: string;
  value: number;
  color: string;
}

/** Counts per code → series in the given order, each with its pt-BR label and colour. */
export function countsToSeries<K extends string>(
  counts: Record<K, number>,
  order: readonly K[],
  labels: Record<K, string>,
  colors: Record<K, string>,
): ChartSeries[] {
  return order.map((key) => ({ key, label: labels[key], value: counts[key] ?? 0, color: colors[key] }));
}

/** One bar series of the adapter's bar chart: the key of its value in each category's object. */
export interface BarSeries {
  key: string;
  label: string;
  color: string;
}
