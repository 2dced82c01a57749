// Conditional parts of a row that the generic filler paints (lib/util/fill-marks.ts). In a row's normal render, a
// `Shown` child is drawn only when `when` holds; inside `FillTemplate` (the build rendering the row's template once)
// every such child is drawn, marked with its condition, and the filler removes the ones whose condition fails for
// the row it fills. Either way the element carries its mark, so the filled row and React's row are the same markup.
import { cloneElement, createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { FILL_IF } from '../../lib/util/fill-marks';

const TemplateMode = createContext(false);

/** Renders `children` as a fill template: every `Shown` part is drawn. */
export function FillTemplate({ children }: { children: ReactNode }) {
  return <TemplateMode.Provider value={true}>{children}</TemplateMode.Provider>;
}

/** `children` when `when` holds (always in a template), marked with `condition` (from `marks().when`). */
export function Shown({ when, condition, children }: { when: boolean; condition: string; children: ReactElement }) {
  const template = useContext(TemplateMode);
  if (!when && !template) return null;
  return cloneElement(children as ReactElement<Record<string, unknown>>, { [FILL_IF]: condition });
}
