// Loaded only when a visitor clicks Sair on the landing page: signs out through the auth store (which shows
// 'Logout realizado') and makes sure a toast region is on the page to display it.
import { signOut } from '../stores/auth';
import { addToastRegion } from './toast-dom';

export async function signOutFromLanding(): Promise<void> {
  addToastRegion();
  await signOut();
}
