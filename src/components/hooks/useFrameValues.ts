// What the user typed or chose in a screen's frame (its island's fallback, plain HTML until the island's first render
// replaces it) is kept: the first render reads the frame's controls by their names and starts from those values, and
// the island's control of the same name gets the focus the frame's had.
import { useEffect, useState } from 'react';

type Control = HTMLInputElement | HTMLSelectElement;

/** The values of the frame's controls named (aria-label) `names`, '' for a control the frame lacks. */
export function useFrameValues<K extends string>(names: Record<K, string>): Record<K, string> {
  const [frame] = useState(() => {
    const values = {} as Record<K, string>;
    let focused: string | null = null;
    for (const key of Object.keys(names) as K[]) {
      const control =
        typeof document === 'undefined' ? null : document.querySelector<Control>(`[data-screen-fallback] [aria-label="${names[key]}"]`);
      values[key] = control?.value ?? '';
      if (control && control === document.activeElement) focused = names[key];
    }
    return { values, focused };
  });
  useEffect(() => {
    if (frame.focused) document.querySelector<Control>(`main [aria-label="${frame.focused}"]`)?.focus();
  }, [frame]);
  return frame.values;
}
