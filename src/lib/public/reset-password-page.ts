// /reset-password's behaviour: the recovery link (or this tab's earlier visit) opens the new-password form, else
// the 'invalid link' view; a saved password sends the visitor to /login after a short delay.
import { authLoader, control, reportProblem, showFieldErrors, showView, submitGuard } from './auth-forms';
import { AUTH_REDIRECT_DELAY_MS, forgetRecovery, isRecoveryHash, isRememberedRecovery, recoveryLinkError, rememberRecovery } from './auth-links';
import { validateReset } from './auth-validation';
import { clearUrlHash, saveSession, sessionFromHash, storedSession } from './gotrue-lite';
import { toast } from '../stores/toast';

const ORDER = ['password', 'confirm'] as const;
const form = document.querySelector<HTMLFormElement>('[data-reset-form]')!;
const submit = submitGuard(form.querySelector('button[type="submit"]')!, 'Salvando...');
const loadAuth = authLoader(form, 'Erro ao redefinir senha');

function ready(email: string | undefined): void {
  if (email) {
    const target = document.querySelector('[data-for-account]')!;
    const strong = document.createElement('strong');
    strong.className = 'font-semibold text-slate-900';
    strong.textContent = email;
    target.replaceChildren('Crie uma nova senha para ', strong, '.');
  }
  showView('form', false);
}

/** Which view the link (or this tab's earlier visit) opens: the form for a recovery session, else 'invalid'. */
async function start(): Promise<void> {
  const hash = window.location.hash;
  if (recoveryLinkError(hash)) {
    showView('invalid', false);
    return;
  }
  if (isRecoveryHash(hash)) {
    clearUrlHash();
    try {
      const session = await sessionFromHash(hash);
      if (!session) throw new Error('sem sessão');
      saveSession(session);
      rememberRecovery(session.user.id);
      toast({ title: 'Pronto para redefinir!', description: 'Você pode definir sua nova senha agora.' });
      ready(session.user.email);
    } catch {
      showView('invalid', false);
    }
    return;
  }
  // A reload of this tab after the link keeps the form; any other session cannot change the password here.
  const user = storedSession()?.user;
  if (user && isRememberedRecovery(user.id)) ready(user.email);
  else showView('invalid', false);
}

void start();

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit.run(async () => {
    const password = control(form, 'password').value;
    const confirm = control(form, 'confirm').value;
    const problem = validateReset(password, confirm);
    if (problem) {
      reportProblem(form, ORDER, problem);
      return;
    }
    showFieldErrors(form, ORDER, {});
    const { updatePassword } = await loadAuth();
    const result = await updatePassword(password);
    if (!result.success) return;
    forgetRecovery();
    showView('done');
    setTimeout(() => window.location.assign('/login'), AUTH_REDIRECT_DELAY_MS);
  });
});
