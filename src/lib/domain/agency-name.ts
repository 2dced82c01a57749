// The agency's name in page titles, and where the browser keeps the name and contact e-mail read from the settings
// (small: the signed-in screens load it up front).

/** The name the pages are built with, shown until the settings are read (and the database's initial value). */
export const DEFAULT_APP_NAME = 'Portal IA';

/** Where the browser keeps the last values read. */
export const AGENCY_STORAGE_KEY = 'portal-ia:agency';

/** The page title for `title` under the agency's name: the name alone on the home page, 'Title | Name' elsewhere. */
export function pageTitle(title: string, agencyName: string = DEFAULT_APP_NAME): string {
  return title === DEFAULT_APP_NAME || title === agencyName ? agencyName : `${title} | ${agencyName}`;
}

/** A signed-in page's title ('Screen | Agency') with the agency's name after its last ' | ' set to `name`. */
export function withAgencyName(title: string, name: string): string {
  const at = title.lastIndexOf(' | ');
  return at < 0 ? title : `${title.slice(0, at + 3)}${name}`;
}
