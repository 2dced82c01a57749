/** How a person is named on screen: full name, else e-mail, else ''. */
export function personLabel(person: { full_name: string | null; email: string | null } | null | undefined): string {
  return person?.full_name?.trim() || person?.email || '';
}
