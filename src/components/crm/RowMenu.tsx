// A table row's 'Ações' menu. The Radix menu code (with its positioning and focus machinery) is fetched only
// after the table is on screen; until it arrives a plain button of the same look stands in, and a click,
// Enter or focus on it is handed over to the real menu when it mounts.
import { lazy, Suspense, type KeyboardEvent, type ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { buttonClasses } from '../ui/Button';

export interface RowMenuItem {
  label: string;
  icon?: ReactNode;
  /** A link item (navigates); otherwise `onSelect` runs. */
  href?: string;
  onSelect?: () => void;
  destructive?: boolean;
}

export interface RowMenuProps {
  /** Accessible name of the trigger, e.g. 'Ações para Ana'. */
  label: string;
  /** Id of the trigger (focus can be given back to it). */
  id: string;
  disabled?: boolean;
  items: RowMenuItem[];
}

export interface HandOver {
  open: boolean;
  focused: boolean;
}

const pending = new Map<string, HandOver>();

/** What the stand-in button saw before the real menu arrived (read once by the real menu when it mounts). */
export function takeHandOver(id: string): HandOver | null {
  const h = pending.get(id) ?? null;
  pending.delete(id);
  return h;
}

const RowMenuRadix = lazy(() => import('./RowMenuRadix'));

export const rowMenuTriggerClass = buttonClasses('ghost', 'icon');

function StandIn({ label, id, disabled }: RowMenuProps) {
  const note = (patch: Partial<HandOver>) => pending.set(id, { open: false, focused: false, ...pending.get(id), ...patch });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      note({ open: true });
    }
  };
  return (
    <button
      type="button"
      id={id}
      className={rowMenuTriggerClass}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      disabled={disabled}
      onFocus={() => note({ focused: true })}
      onBlur={() => note({ focused: false })}
      onClick={() => note({ open: true })}
      onKeyDown={onKeyDown}
    >
      <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

export function RowMenu(props: RowMenuProps) {
  return (
    <Suspense fallback={<StandIn {...props} />}>
      <RowMenuRadix {...props} />
    </Suspense>
  );
}
