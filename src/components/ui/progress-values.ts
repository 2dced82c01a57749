// What a progress bar shows for a value (ProgressBar draws it; a row's fill values include it).

/** The bar's percentage for `value`: rounded and clamped to 0..100 (0 for a value that is not a number). */
export const progressPercent = (value: number) => Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));

/** The fill values of a bar (see ProgressBar's `marks`). */
export function progressValues(value: number, label: string) {
  const pct = progressPercent(value);
  return { progress: pct, progressWidth: `${pct}%`, progressText: `${pct}%`, progressLabel: label };
}
export type ProgressValues = ReturnType<typeof progressValues>;
