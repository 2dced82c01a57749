import type { ComponentType } from 'react';
import { Card } from '../ui/Card';

/** One figure with its label (sample figures of the admin dashboard and analytics). */
interface StatCardProps {
  label: string;
  value: string;
  note?: string;
  /** An icon component (lucide), drawn decoratively next to the label. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

export function StatCard({ label, value, note, icon: Icon }: StatCardProps) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        {Icon && <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden={true} />}
      </div>
      <p className="mt-2 whitespace-nowrap text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </Card>
  );
}
