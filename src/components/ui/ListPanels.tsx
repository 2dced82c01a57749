// The panels a list shows instead of its rows: loading (holding the space the rows will take), a load error with a
// retry, and an empty state whose content the screen gives (its text and call to action).
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

const PANEL = 'flex min-h-[12rem] flex-col items-center justify-center gap-3 rounded-lg bg-white';

export function ListLoading({ label }: { label: string }) {
  return (
    <div className={`${PANEL} border border-slate-200`}>
      <Spinner label={label} />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`${PANEL} border border-red-200 p-6 text-center`}>
      <p className="font-medium text-slate-900">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <div className={`${PANEL} border border-dashed border-slate-300 p-6 text-center`}>{children}</div>;
}
