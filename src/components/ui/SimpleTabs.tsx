// Tabs without a library, for screens whose first JS must stay small: the WAI-ARIA tabs pattern with automatic
// activation (a tablist of buttons; arrow keys, Home and End move and select; only the selected tab is in the tab
// order) and the selected tab's panel, labelled by its tab (inactive panels are not rendered, so only the selected tab
// names a panel in aria-controls).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface SimpleTab {
  value: string;
  label: string;
}

interface SimpleTabsProps<T extends SimpleTab> {
  tabs: readonly T[];
  /** Accessible name of the tab list. */
  label: string;
  /** The content of the selected tab's panel. */
  children: (tab: T) => ReactNode;
}

const TRIGGER =
  'rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export function SimpleTabs<T extends SimpleTab>({ tabs, label, children }: SimpleTabsProps<T>) {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  const select = (i: number) => {
    setSelected(i);
    buttons.current[i]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  };

  const current = tabs[selected];
  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex flex-wrap items-center gap-1 rounded-md bg-slate-100 p-1 text-slate-600">
        {tabs.map((tab, i) => (
          <button
            key={tab.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={i === selected ? panelId(i) : undefined}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={cn(TRIGGER, i === selected && 'bg-white text-slate-900 shadow-sm')}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0} className="mt-4 focus-visible:outline-none">
          {children(current)}
        </div>
      )}
    </div>
  );
}
