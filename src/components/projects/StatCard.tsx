// One count card of the dashboard; the number area keeps its height while loading (no layout shift).
import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/Card';

interface Props {
  label: string;
  /** null while loading; '—' when it could not be loaded. */
  value: number | string | null;
  icon: LucideIcon;
  tone: string;
}

export function StatCard({ label, value, icon: Icon, tone }: Props) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="h-8 text-2xl font-bold leading-8 text-slate-900" aria-busy={value === null || undefined}>
          {value === null ? <span className="inline-block h-6 w-10 animate-pulse rounded bg-slate-200 align-middle" /> : value}
        </p>
      </div>
    </Card>
  );
}
