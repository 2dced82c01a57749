// The portal's settings as the signed-in area shows them (app name, logo, contact e-mail). Read once per page load,
// after the route guard lets the user in, and never waited for: until the answer arrives the shell shows the default
// name. A save on the settings screen replaces the value at once.
import { atom } from 'nanostores';
import { getAppSettings, type AppSettings } from '../data/app-settings';
import { AGENCY_STORAGE_KEY, withAgencyName } from '../domain/agency-name';

export const $appSettings = atom<AppSettings | null>(null);

let pending: Promise<void> | null = null;

/** Starts the one read of this page load (later calls do nothing); a failed read leaves the defaults on screen. */
export function loadAppSettings(): void {
  if (pending) return;
  pending = getAppSettings()
    .then((settings) => {
      if (!$appSettings.get()) setAppSettings(settings);
    })
    .catch(() => {
      // The defaults stay: the shell's name and contact are not worth an error toast on every screen.
    });
}

/**
 * The values just saved, shown by the shell without another read. The page's title follows the new name at once, and
 * this browser keeps the name and contact e-mail for the next page it opens (public pages included).
 */
export function setAppSettings(settings: AppSettings): void {
  $appSettings.set(settings);
  if (typeof document === 'undefined') return;
  document.title = withAgencyName(document.title, settings.app_name);
  try {
    localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ app_name: settings.app_name, contact_email: settings.contact_email }));
  } catch {
    // Storage full or blocked: the next page reads the settings again.
  }
}
