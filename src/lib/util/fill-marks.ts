// Marks a row component puts on what a row fills, so that one generic filler can paint the same row from data before
// React runs (src/boot/fill.ts). A screen has one "row → fill values" function that its component renders from; the
// component marks each element that shows a value:
//   data-fill="k"                 the element's whole text is values[k]
//   data-fill-attr="a:k b:k2"     attribute a is values[k], b is values[k2]
//   data-fill-style="width:k"     style property width is values[k]
//   data-fill-if="k" / "k=v"      the element exists only when values[k] is truthy / equals v
// The keys are typed by the values' type, so a mark the fill function does not give is a type error.

/** What one row fills: the values its component shows. */
export type FillValues = Record<string, string | number | boolean>;

export const FILL_TEXT = 'data-fill';
export const FILL_ATTR = 'data-fill-attr';
export const FILL_STYLE = 'data-fill-style';
export const FILL_IF = 'data-fill-if';

type Key<V> = keyof V & string;

/** The mark attributes for a component whose row fills `V`. */
export function marks<V extends FillValues>() {
  const pairs = (m: Record<string, Key<V>>) =>
    Object.entries(m)
      .map(([name, key]) => `${name}:${key}`)
      .join(' ');
  return {
    text: (key: Key<V>) => ({ [FILL_TEXT]: key }),
    attr: (m: Record<string, Key<V>>) => ({ [FILL_ATTR]: pairs(m) }),
    style: (m: Record<string, Key<V>>) => ({ [FILL_STYLE]: pairs(m) }),
    /** The condition `values[key]` (truthy), or `values[key] === value` with a value. */
    when: <K extends Key<V>>(key: K, value?: V[K]) => (value === undefined ? key : `${key}=${String(value)}`),
  };
}

/** Whether a `data-fill-if` condition holds for `values`. */
export function conditionHolds(condition: string, values: FillValues): boolean {
  const at = condition.indexOf('=');
  if (at < 0) return Boolean(values[condition]);
  return String(values[condition.slice(0, at)]) === condition.slice(at + 1);
}
