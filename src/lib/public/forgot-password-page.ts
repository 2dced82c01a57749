// /forgot-password's behaviour: validates the e-mail, asks the server for a reset link and shows the 'sent' view.
import { authLoader, control, reportProblem, showFieldErrors, showView, submitGuard } from './auth-forms';
import { resetSentText, validateForgot } from './auth-validation';

const form = document.querySelector<HTMLFormElement>('[data-forgot-form]')!;
const email = control(form, 'email');
const submit = submitGuard(form.querySelector('button[type="submit"]')!, 'Enviando...');
const loadAuth = authLoader(form, 'Erro ao enviar email');

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit.run(async () => {
    const problem = validateForgot(email.value);
    if (problem) {
      reportProblem(form, ['email'], problem);
      return;
    }
    showFieldErrors(form, ['email'], {});
    const address = email.value.trim();
    const { sendResetEmail } = await loadAuth();
    const result = await sendResetEmail(address);
    if (!result.success) return;
    document.querySelector('[data-sent-text]')!.textContent = resetSentText(address);
    showView('sent');
  });
});

document.querySelector('[data-again]')!.addEventListener('click', () => {
  showView('form', false);
  email.focus();
});
