// A table row's 'Ações' menu. The Radix menu code (with its positioning and focus machinery) is fetched only
// after the table is on screen; until it arrives a plain button of the same look stands in, and a press, click,
// Enter or focus on it is handed over to the real menu when it mounts.
import { lazy, Suspense, type KeyboardEvent } from 'react';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { noteHandOver, rowMenuTriggerClass, type HandOver, type RowMenuProps } from './row-menu-shared';

export type { RowMenuItem, RowMenuProps } from './row-menu-shared';

const RowMenuRadix = lazy(() => import('./RowMenuRadix'));

function StandIn({ label, id, disabled, fillMarks }: RowMenuProps) {
  const note = (patch: Partial<HandOver>) => noteHandOver(id, patch);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      note({ open: true, keyboard: true });
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
      // The real menu opens on the press of the main button, as this one does: a press here whose release comes after
      // the real menu replaced this button sends no click to either of them.
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && note({ open: true, keyboard: false })}
      onClick={(e) => note({ open: true, keyboard: e.detail === 0 })}
      onKeyDown={onKeyDown}
      {...fillMarks}
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
