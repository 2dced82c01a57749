// What the row menu's two halves share: its props, its trigger's look, and the hand-over of what the user did to the
// stand-in button before the real (lazily loaded) menu mounted.
import type { ReactNode } from 'react';
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
  /** The generic filler's marks for the trigger (its id and label), drawn on the stand-in a row's template shows. */
  fillMarks?: Record<string, string>;
}

export interface HandOver {
  open: boolean;
  focused: boolean;
  /** Opened from the keyboard (a key, or a click with no pointer): the menu then opens with its first item focused. */
  keyboard: boolean;
}

const pending = new Map<string, HandOver>();

/** Records what the stand-in button saw, for the real menu to take over. */
export function noteHandOver(id: string, patch: Partial<HandOver>): void {
  pending.set(id, { open: false, focused: false, keyboard: false, ...pending.get(id), ...patch });
}

/** What the stand-in button saw before the real menu arrived (read once by the real menu when it mounts). */
export function takeHandOver(id: string): HandOver | null {
  const h = pending.get(id) ?? null;
  pending.delete(id);
  return h;
}

export const rowMenuTriggerClass = buttonClasses('ghost', 'icon');
