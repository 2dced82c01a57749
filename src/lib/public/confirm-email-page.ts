// /confirm-email's behaviour: verifies the link's token_hash (GoTrue's POST /verify), stores the session it opens as
// supabase-js would, shows the outcome and sends the visitor on after a short delay.
// The URL never replaces a session this browser already holds: a link that opens another account's session confirms
// that account but keeps the visitor signed in as themselves, and a session in the URL hash (the redirect of Supabase's
// default template, or a crafted address) is never stored — anyone can put tokens of their own account in a link.
import { showView } from './auth-forms';
import { AUTH_REDIRECT_DELAY_MS, confirmationFromHash, parseConfirmParams } from './auth-links';
import { GoTrueError, clearUrlHash, getUser, saveSession, storedSession, verifyTokenHash } from './gotrue-lite';
import { confirmationLinkUsed } from './confirmation-link';
import { toast } from '../stores/toast';
import { errorMessage } from '../util/error-message';

type Outcome =
  | { status: 'success' }
  | { status: 'already-confirmed'; message: string; next: '/login' | '/dashboard' }
  | { status: 'other-account'; message: string }
  | { status: 'error'; message: string };

function show(outcome: Outcome): void {
  if (outcome.status === 'error') {
    showView('error').querySelector('[data-message]')!.textContent = outcome.message;
    return;
  }
  let next = '/login';
  if (outcome.status === 'success') showView('success');
  else if (outcome.status === 'other-account') {
    showView('other').querySelector('[data-message]')!.textContent = outcome.message;
    next = '/dashboard';
  } else {
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

/** Verifies the link's token (GoTrue's POST /verify); the session it opens is stored unless another one is. */
async function verifyLink(tokenHash: string, type: string, key: string): Promise<Outcome> {
  try {
    const current = storedSession();
    const session = await verifyTokenHash(tokenHash, type);
    if (session) {
      if (current && current.user.id !== session.user.id) {
        toast({ title: 'Email Verificado!', description: 'A conta do link foi ativada.' });
        const who = current.user.email ? ` como ${current.user.email}` : '';
        return {
          status: 'other-account',
          message: `O email ${session.user.email ?? 'do link'} foi verificado. Você continua conectado${who}; para usar a conta confirmada, saia e entre com ela.`,
        };
      }
      saveSession(session);
      return verified();
    }
    // No session in the answer (e.g. the first leg of an e-mail change): look at the current session's user.
    if (current?.user.email_confirmed_at) return alreadyConfirmed();
    return notVerified;
  } catch (e) {
    // A sign-up link the auth server no longer accepts may be one that already confirmed the account (a mail scanner
    // opened it first): the database knows, when asked with the link's hash and key.
    if (e instanceof GoTrueError && e.status === 403 && type === 'signup' && (await confirmationLinkUsed(tokenHash, key))) {
      return alreadyConfirmed();
    }
    return failed(e);
  }
}

/**
 * Supabase's default template: the auth server has already confirmed the address before redirecting here with a
 * session in the hash. The session is only read (is it a real one, of a confirmed user?) and never stored.
 */
async function confirmedFromHash(hash: string): Promise<Outcome> {
  const access = new URLSearchParams(hash.replace(/^#/, '')).get('access_token');
  if (!access) return notVerified;
  try {
    const user = await getUser(access);
    if (!user.email_confirmed_at) return notVerified;
    toast({ title: 'Email Verificado!', description: 'Sua conta foi ativada.' });
    return storedSession()
      ? { status: 'already-confirmed', next: '/dashboard', message: 'O email foi verificado. Você continua conectado na sua conta.' }
      : { status: 'success' };
  } catch (e) {
    return failed(e);
  }
}

const hash = window.location.hash;
const params = parseConfirmParams(window.location.search);
const fromHash = confirmationFromHash(hash);
if (params.ok) {
  void verifyLink(params.tokenHash, params.type, params.key).then(show);
} else if (fromHash && 'error' in fromHash) {
  toast({ title: 'Falha na Verificação', description: fromHash.error, variant: 'destructive' });
  show({ status: 'error', message: `Erro ao verificar email: ${fromHash.error}` });
} else if (fromHash) {
  clearUrlHash();
  void confirmedFromHash(hash).then(show);
} else {
  toast({ title: 'Erro de Verificação', description: 'Link inválido.', variant: 'destructive' });
  show({ status: 'error', message: params.message });
}
