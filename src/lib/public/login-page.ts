// /login's behaviour: validates the form, signs in through the auth store (fetched when the visitor starts typing,
// or at the latest on submit) and offers to resend the confirmation e-mail of an unconfirmed account.
import { authLoader, control, leaveIfSignedIn, reportProblem, setFieldError, showFieldErrors, submitGuard } from './auth-forms';
import { validateLogin } from './auth-validation';
import { toast, toastAndGo } from '../stores/toast';
import { homeForRole } from './session-hint';

const ORDER = ['email', 'password'] as const;
const form = document.querySelector<HTMLFormElement>('[data-login-form]')!;
const notice = document.querySelector<HTMLElement>('[data-unconfirmed]')!;
const email = control(form, 'email');
const password = control(form, 'password');
const submit = submitGuard(form.querySelector('button[type="submit"]')!, 'Entrando...');
const resend = submitGuard(notice.querySelector('[data-resend]')!, 'Reenviando...');
const loadAuth = authLoader(form, 'Erro inesperado no login');

leaveIfSignedIn();

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit.run(async () => {
    notice.hidden = true;
    const problem = validateLogin(email.value, password.value);
    if (problem) {
      reportProblem(form, ORDER, problem);
      return;
    }
    showFieldErrors(form, ORDER, {});
    const { signIn, $auth } = await loadAuth();
    const result = await signIn(email.value.trim(), password.value);
    if (result.success) {
      submit.keepBusy();
      // An admin lands on the console, everyone else on the client area.
      toastAndGo({ title: 'Autenticação bem-sucedida!', description: 'Bem-vindo!' }, homeForRole($auth.get().userRole));
      return;
    }
    if (result.errorType === 'email_not_confirmed') notice.hidden = false;
  });
});

notice.querySelector('[data-resend]')!.addEventListener('click', () => {
  void resend.run(async () => {
    if (!email.value.trim()) {
      setFieldError(email, 'Digite seu email para reenviar a confirmação.');
      toast({ title: 'Email necessário', description: 'Por favor, digite seu email para reenviar a confirmação.', variant: 'destructive' });
      email.focus();
      return;
    }
    const { resendConfirmation } = await loadAuth();
    await resendConfirmation(email.value.trim());
  });
});
