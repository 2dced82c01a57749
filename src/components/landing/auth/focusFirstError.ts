/** Moves focus to the first field (in the given order) that has an error message. */
export function focusFirstError<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, string>>,
  refs: Partial<Record<F, HTMLElement | null>>,
): void {
  const first = order.find((f) => errors[f]);
  if (first) refs[first]?.focus();
}
