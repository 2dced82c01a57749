// A public page's first script, run while it is parsed and before its first paint (its modules load only after it,
// see integrations/public-pages.ts), so the page never shows the wrong thing first. With a session stored:
//   then="header": the landing header shows Dashboard / Sair instead of Entrar / Começar Agora;
//   then="leave":  a visitor of /login or /register goes straight to their landing page (homeForRole).
import { homeForRole, storedSession } from '../lib/util/session-storage-key';

export function run(c: { apiUrl: string; then: 'header' | 'leave' }): void {
  const s = storedSession(c.apiUrl);
  if (s && c.then === 'leave') location.replace(homeForRole(s.user.app_metadata?.role));
  else if (s) document.querySelectorAll<HTMLElement>('[data-auth-when]').forEach((el) => (el.hidden = el.dataset.authWhen !== 'in'));
}
