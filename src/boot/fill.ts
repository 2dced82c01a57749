// The one generic filler: a clone of a row's template (the row component rendered once at build time, inside
// FillTemplate) with every marked node filled from the row's values (lib/util/fill-marks.ts). Values go in through
// textContent, setAttribute and style properties only; nothing is parsed as HTML, and nodes are found by their marks.
import { FILL_ATTR, FILL_IF, FILL_STYLE, FILL_TEXT, conditionHolds, type FillValues } from '../lib/util/fill-marks';

const MARKED = `[${FILL_TEXT}],[${FILL_ATTR}],[${FILL_STYLE}],[${FILL_IF}]`;

function value(values: FillValues, key: string): string {
  if (!Object.hasOwn(values, key)) throw new Error(`fill value missing: ${key}`);
  return String(values[key]);
}

const pairs = (spec: string) => spec.split(' ').filter(Boolean).map((p) => p.split(':') as [string, string]);

/** The template's row, filled with `values`; throws when a mark names a value `values` does not have. */
export function fillRow(template: HTMLTemplateElement, values: FillValues): Element {
  return fillIn(template.content.firstElementChild!.cloneNode(true) as Element, values);
}

/** `root` and its marked nodes filled with `values` in place (a part of a frame already on the page). */
export function fillIn(root: Element, values: FillValues): Element {
  for (const el of [root, ...root.querySelectorAll(MARKED)]) {
    const condition = el.getAttribute(FILL_IF);
    if (condition !== null && !conditionHolds(condition, values)) {
      el.remove();
      continue;
    }
    const text = el.getAttribute(FILL_TEXT);
    if (text !== null) el.textContent = value(values, text);
    for (const [name, key] of pairs(el.getAttribute(FILL_ATTR) ?? '')) el.setAttribute(name, value(values, key));
    for (const [name, key] of pairs(el.getAttribute(FILL_STYLE) ?? '')) (el as HTMLElement).style.setProperty(name, value(values, key));
  }
  return root;
}
