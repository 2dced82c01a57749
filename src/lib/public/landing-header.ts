// Behaviour of the landing header, kept out of React so the page ships a few KB of JS:
// translucent once scrolled past 10 px, the mobile menu, and the signed-in buttons.
import { hasStoredSession } from './session-hint';

/** Header scroll threshold. */
export const HEADER_SCROLL_THRESHOLD = 10;

export function isScrolledPast(scrollY: number): boolean {
  return scrollY > HEADER_SCROLL_THRESHOLD;
}

/** Shows the buttons for a signed-in (Dashboard, Sair) or signed-out (Entrar, Começar Agora) visitor. */
export function showAuthButtons(root: ParentNode, signedIn: boolean): void {
  root.querySelectorAll<HTMLElement>('[data-auth-when]').forEach((el) => {
    el.hidden = (el.dataset.authWhen === 'in') !== signedIn;
  });
}

export function initLandingHeader(doc: Document = document): void {
  const header = doc.getElementById('site-header');
  if (!header) return;

  const onScroll = () => {
    header.dataset.scrolled = String(isScrolledPast(window.scrollY));
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  const toggle = doc.getElementById('mobile-menu-toggle');
  const menu = doc.getElementById('mobile-menu');
  if (toggle && menu) {
    const setOpen = (open: boolean) => {
      menu.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? 'Fechar menu' : 'Abrir menu');
      toggle.querySelector<HTMLElement>('[data-icon="open"]')!.hidden = open;
      toggle.querySelector<HTMLElement>('[data-icon="close"]')!.hidden = !open;
    };
    toggle.addEventListener('click', () => setOpen(menu.hidden));
    menu.querySelectorAll('a').forEach((a) => a.addEventListener('click', () => setOpen(false)));
    doc.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !menu.hidden) {
        setOpen(false);
        toggle.focus();
      }
    });
    window.matchMedia('(min-width: 768px)').addEventListener('change', (e) => {
      if (e.matches) setOpen(false);
    });
  }

  showAuthButtons(doc, hasStoredSession());
  // Another tab signing in or out changes the stored session.
  window.addEventListener('storage', () => showAuthButtons(doc, hasStoredSession()));

  doc.querySelectorAll<HTMLButtonElement>('[data-signout]').forEach((button) => {
    button.addEventListener('click', async () => {
      if (button.disabled) return;
      button.disabled = true;
      try {
        // supabase-js is loaded only now, when the visitor actually signs out.
        const { signOutFromLanding } = await import('./landing-signout');
        await signOutFromLanding();
      } finally {
        button.disabled = false;
        showAuthButtons(doc, hasStoredSession());
      }
    });
  });
}
