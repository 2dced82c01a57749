// /confirm-email's behaviour: verifies the link's token (a token_hash in the query, or a session in the hash), stores
// the session it opens as supabase-js would, shows the outcome and sends the visitor to /login after a short delay.
import { AUTH_REDIRECT_DELAY_MS, confirmationFromHash, parseConfirmParams, showView } from './auth-forms';
import { GoTrueError, clearUrlHash, saveSession, sessionFromHash, storedSession, verifyTokenHash } from './gotrue-lite';
import { confirmationLinkUsed } from './confirmation-link';
import { toast } from '../stores/toast';
import { errorMessage } from '../util/error-message';

type Outcome =
  | { status: 'success' }
  | { status: 'already-confirmed'; message: string; next: '/login' | '/dashboard' }
  | { status: 'error'; message: string };

function show(outcome: Outcome): void {
  if (outcome.status === 'error') {
    showView('error').querySelector('[data-message]')!.textContent = outcome.message;
    return;
  }
  let next = '/login';
  if (outcome.status === 'success') showView('success');
  else {
    const view = showView('already');
    view.querySelector('[data-message]')!.textContent = outcome.message;
    next = outcome.next;
    if (next === '/dashboard') {
      const link = view.querySelector<HTMLAnchorElement>('a[href="/login"]');
      if (link) {
        link.href = next;
        link.textContent = 'Ir para o painel';
      }
    }
  }
  setTimeout(() => window.location.assign(next), AUTH_REDIRECT_DELAY_MS);
}

/** A link already used to confirm its account: to the panel when this browser is signed in, else to the login. */
function alreadyConfirmed(): Outcome {
  if (storedSession()?.user.email_confirmed_at) {
    return { status: 'already-confirmed', next: '/dashboard', message: 'Seu e-mail já foi verificado. Em instantes, você vai para o painel.' };
  }
  return { status: 'already-confirmed', next: '/login', message: 'Seu email já foi verificado. Você será redirecionado para o login.' };
}

/** The toasts and message for a failure of the server or of the page. */
function failed(e: unknown): Outcome {
  if (e instanceof GoTrueError) {
    toast({ title: 'Falha na Verificação', description: e.message, variant: 'destructive' });
    return { status: 'error', message: `Erro ao verificar email: ${e.message}` };
  }
  toast({ title: 'Erro Inesperado', description: errorMessage(e), variant: 'destructive' });
  return { status: 'error', message: `Erro inesperado: ${errorMessage(e)}` };
}

const verified = (): Outcome => {
  toast({ title: 'Email Verificado!', description: 'Sua conta foi ativada.' });
  return { status: 'success' };
};
const notVerified: Outcome = { status: 'error', message: 'Não foi possível verificar seu email. Tente novamente ou contate o suporte.' };

/** Verifies the link's token (GoTrue's POST /verify); the session it opens is stored as supabase-js would. */
async function verifyLink(tokenHash: string, type: string): Promise<Outcome> {
  try {
    const session = await verifyTokenHash(tokenHash, type);
    if (session) {
      saveSession(session);
      return verified();
    }
    // No session in the answer (e.g. the first leg of an e-mail change): look at the current session's user.
    if (storedSession()?.user.email_confirmed_at) return alreadyConfirmed();
    return notVerified;
  } catch (e) {
    // A sign-up link the auth server no longer accepts may be one that already confirmed the account (a mail scanner
    // opened it first): the database knows.
    if (e instanceof GoTrueError && e.status === 403 && type === 'signup' && (await confirmationLinkUsed(tokenHash))) {
      return alreadyConfirmed();
    }
    return failed(e);
  }
}

/** Supabase's default template: the session is in the URL hash; its user tells whether the e-mail is confirmed. */
async function confirmFromHash(hash: string): Promise<Outcome> {
  try {
    const session = await sessionFromHash(hash);
    if (!session) return notVerified;
    saveSession(session);
    return session.user.email_confirmed_at ? verified() : notVerified;
  } catch (e) {
    return failed(e);
  }
}

const hash = window.location.hash;
const params = parseConfirmParams(window.location.search);
const fromHash = confirmationFromHash(hash);
if (params.ok) {
  void verifyLink(params.tokenHash, params.type).then(show);
} else if (fromHash && 'error' in fromHash) {
  toast({ title: 'Falha na Verificação', description: fromHash.error, variant: 'destructive' });
  show({ status: 'error', message: `Erro ao verificar email: ${fromHash.error}` });
} else if (fromHash) {
  clearUrlHash();
  void confirmFromHash(hash).then(show);
} else {
  toast({ title: 'Erro de Verificação', description: 'Link inválido.', variant: 'destructive' });
  show({ status: 'error', message: params.message });
}
