import { cn } from './cn';
import { marks as fillMarks } from '../../lib/util/fill-marks';
import { progressPercent, type ProgressValues } from './progress-values';

interface ProgressBarProps {
  /** 0..100; values outside are clamped. */
  value: number;
  className?: string;
  /** Accessible name, e.g. 'Progresso do projeto'. */
  label?: string;
  showValue?: boolean;
  /** Marks the bar for the generic filler, whose row's values include progressValues (lib/util/fill-marks.ts). */
  marked?: boolean;
  /** A condition mark (Shown) lands on the bar's outer element. */
  'data-fill-if'?: string;
}

const m = fillMarks<ProgressValues>();

export function ProgressBar({ value, className, label = 'Progresso', showValue = false, marked = false, ...rest }: ProgressBarProps) {
  const pct = progressPercent(value);
  return (
    <div className={cn('flex items-center gap-2', className)} {...rest}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        {...(marked && m.attr({ 'aria-label': 'progressLabel', 'aria-valuenow': 'progress' }))}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} {...(marked && m.style({ width: 'progressWidth' }))} />
      </div>
      {showValue && (
        <span className="w-10 text-right text-xs font-medium text-slate-600" {...(marked && m.text('progressText'))}>
          {pct}%
        </span>
      )}
    </div>
  );
}
