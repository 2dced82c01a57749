// The portal's settings as the signed-in area shows them (app name, logo, contact e-mail). Read once per page load,
// after the route guard lets the user in, and never waited for: until the answer arrives the shell shows the default
// name. A save on the settings screen replaces the value at once.
import { atom } from 'nanostores';
import { getAppSettings, type AppSettings } from '../data/app-settings';

export const $appSettings = atom<AppSettings | null>(null);

let pending: Promise<void> | null = null;

/** Starts the one read of this page load (later calls do nothing); a failed read leaves the defaults on screen. */
export function loadAppSettings(): void {
  if (pending) return;
  pending = getAppSettings()
    .then((settings) => {
      if (!$appSettings.get()) $appSettings.set(settings);
    })
    .catch(() => {
      // The defaults stay: the shell's name and contact are not worth an error toast on every screen.
    });
}

/** The values just saved, shown by the shell without another read. */
export function setAppSettings(settings: AppSettings): void {
  $appSettings.set(settings);
}
