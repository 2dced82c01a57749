// One figure with its label: the dashboard's counts (with `tone`, the icon in a round coloured badge before the
// label) and the admin console's figures (the icon after the label, an optional note below the value).
// The value area keeps its height while loading (null), so nothing shifts when the number arrives. A figure is never
// clipped: a long one (a currency amount) shrinks with the card's width, and wraps if even the smallest size is too
// wide.
import type { ComponentType } from 'react';
import { Card } from './Card';

interface StatCardProps {
  label: string;
  /** null while loading; '—' when it could not be loaded. */
  value: number | string | null;
  note?: string;
  /** An icon component (lucide), drawn decoratively. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Background and text colours of the round icon badge (e.g. 'bg-green-50 text-green-700'). */
  tone?: string;
  /** Fill marks for the value (lib/util/fill-marks.ts), when a boot script paints it (toned cards only). */
  valueMarks?: Record<string, string>;
}

const LABEL = 'text-sm font-medium text-slate-600';
const VALUE = 'min-h-8 text-2xl font-bold leading-8 tabular-nums text-slate-900 [overflow-wrap:anywhere]';

/**
 * The font size of a figure longer than six characters: as large as fits the width of its box (a bold digit is about
 * 0.6 em wide), between 1 rem and the usual 1.5 rem. The box is a size container, so `cqi` is its width.
 */
export function fittedValueStyle(value: number | string | null): { fontSize: string } | undefined {
  const length = value === null ? 0 : String(value).length;
  if (length <= 6) return undefined;
  return { fontSize: `clamp(1rem, ${(150 / length).toFixed(1)}cqi, 1.5rem)` };
}

export function StatCard({ label, value, note, icon: Icon, tone, valueMarks }: StatCardProps) {
  if (tone) {
    return (
      <Card className="flex items-center gap-4 p-5">
        <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${tone}`}>
          {Icon && <Icon aria-hidden="true" className="h-5 w-5" />}
        </span>
        <div className="min-w-0 flex-1 [container-type:inline-size]">
          <p className={LABEL}>{label}</p>
          <p className={VALUE} style={fittedValueStyle(value)} aria-busy={value === null} {...valueMarks}>
            {value === null ? <span className="inline-block h-6 w-10 animate-pulse rounded bg-slate-200 align-middle" /> : value}
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card className="p-5 [container-type:inline-size]">
      <div className="flex items-start justify-between gap-3">
        <p className={LABEL}>{label}</p>
        {Icon && <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden={true} />}
      </div>
      <p className={`mt-2 ${VALUE}`} style={fittedValueStyle(value)}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </Card>
  );
}
