/** Joins class names, skipping falsy ones (the primitives' only styling helper). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
