// Loaded only when a visitor clicks Sair on the landing page: signs out through the auth store
// (which shows 'Logout realizado') and makes sure a Toaster is on the page to display it.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import Toaster from '../components/Toaster';
import { signOut } from './auth';

function ensureToaster(): void {
  if (document.querySelector('[data-landing-toaster], [aria-label="Notificações"]')) return;
  const host = document.createElement('div');
  host.dataset.landingToaster = '';
  document.body.append(host);
  createRoot(host).render(createElement(Toaster));
}

export async function signOutFromLanding(): Promise<void> {
  ensureToaster();
  await signOut();
}
