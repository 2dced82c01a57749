// The agency's name this browser kept from the settings (see lib/domain/agency-name.ts for titles and the key).
import { AGENCY_STORAGE_KEY, DEFAULT_APP_NAME } from '../domain/agency-name';

export { AGENCY_STORAGE_KEY, DEFAULT_APP_NAME, pageTitle, withAgencyName } from '../domain/agency-name';

/** The agency's name this browser last read (kept by the page script and by a save in the settings), or the default. */
export function keptAgencyName(): string {
  try {
    const kept = JSON.parse(localStorage.getItem(AGENCY_STORAGE_KEY) ?? 'null') as { app_name?: unknown } | null;
    return typeof kept?.app_name === 'string' && kept.app_name ? kept.app_name : DEFAULT_APP_NAME;
  } catch {
    return DEFAULT_APP_NAME;
  }
}

