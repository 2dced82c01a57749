import { cn } from './cn';

interface ProgressBarProps {
  /** 0..100; values outside are clamped. */
  value: number;
  className?: string;
  /** Accessible name, e.g. 'Progresso do projeto'. */
  label?: string;
  showValue?: boolean;
}

export function ProgressBar({ value, className, label = 'Progresso', showValue = false }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      {showValue && <span className="w-10 text-right text-xs font-medium text-slate-600">{pct}%</span>}
    </div>
  );
}
