// /register's behaviour: validates the form, creates the account through the auth store and shows either the
// 'check your e-mail' view or, when the server signs the user in at once, goes to the dashboard.
import { authLoader, control, leaveIfSignedIn, reportProblem, showFieldErrors, showView, submitGuard } from './auth-forms';
import { validateRegister } from './auth-validation';
import { toast, toastAndGo } from '../stores/toast';

const ORDER = ['name', 'email', 'password', 'confirm'] as const;
const form = document.querySelector<HTMLFormElement>('[data-register-form]')!;
const resendButton = document.querySelector<HTMLButtonElement>('[data-resend]')!;
const submit = submitGuard(form.querySelector('button[type="submit"]')!, 'Criando conta...');
const resend = submitGuard(resendButton, 'Reenviando...');
const loadAuth = authLoader(form, 'Erro inesperado no registro');
let sentTo = '';

leaveIfSignedIn();

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit.run(async () => {
    const values = Object.fromEntries(ORDER.map((f) => [f, control(form, f).value])) as Record<(typeof ORDER)[number], string>;
    const problem = validateRegister(values);
    if (problem) {
      reportProblem(form, ORDER, problem);
      return;
    }
    showFieldErrors(form, ORDER, {});
    const name = values.name.trim();
    const email = values.email.trim();
    const { signUp } = await loadAuth();
    const result = await signUp(name, email, values.password);
    if (!result.success) return;
    if (result.needsConfirmation) {
      sentTo = email;
      document.querySelector('[data-sent-email]')!.textContent = email;
      showView('sent');
      return;
    }
    // The server signed the user in at once (no e-mail confirmation required).
    submit.keepBusy();
    toastAndGo({ title: 'Registro bem-sucedido!', description: `Bem-vindo, ${name}!` }, '/dashboard');
  });
});

resendButton.addEventListener('click', () => {
  void resend.run(async () => {
    if (!sentTo.trim()) {
      toast({ title: 'Email não informado', description: 'O campo de email não pode estar vazio para reenviar.', variant: 'destructive' });
      return;
    }
    const { resendConfirmation } = await loadAuth();
    await resendConfirmation(sentTo.trim());
  });
});
