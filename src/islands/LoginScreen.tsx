// /login (SPEC §2 'Login', §5, §8): e-mail and password; the unconfirmed-e-mail notice with a resend button.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LogIn, MailWarning } from 'lucide-react';
import { Button, FormField, Input } from '../components/ui';
import { AuthCard, AuthLink, AuthLoading } from '../components/landing/auth/AuthCard';
import { useRedirectIfSignedIn } from '../components/landing/auth/useRedirectIfSignedIn';
import { useSubmitGuard } from '../components/landing/auth/useSubmitGuard';
import { focusFirstError } from '../components/landing/auth/focusFirstError';
import { resendConfirmation, signIn } from '../lib/auth';
import { goWithToast, showCarriedToast, validateLogin } from '../lib/landing-auth';
import { toast } from '../lib/toast';

type Field = 'email' | 'password';
const ORDER: readonly Field[] = ['email', 'password'];

export default function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [busy, run, keepBusy] = useSubmitGuard();
  const [resending, runResend] = useSubmitGuard();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const waiting = useRedirectIfSignedIn(busy);
  // A page that sent the visitor here (e.g. a sign-out elsewhere) may have left a toast to show.
  useEffect(showCarriedToast, []);

  if (waiting) return <AuthLoading />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setUnconfirmed(false);
      const problem = validateLogin(email, password);
      if (problem) {
        setErrors(problem.fields);
        toast({ title: problem.title, description: problem.description, variant: 'destructive' });
        focusFirstError(ORDER, problem.fields, refs.current);
        return;
      }
      setErrors({});
      const result = await signIn(email.trim(), password);
      if (result.success) {
        keepBusy();
        goWithToast('/dashboard', 'Autenticação bem-sucedida!', 'Bem-vindo!');
        return;
      }
      if (result.errorType === 'email_not_confirmed') setUnconfirmed(true);
    });
  };

  const onResend = () => {
    void runResend(async () => {
      if (!email.trim()) {
        setErrors({ email: 'Digite seu email para reenviar a confirmação.' });
        toast({ title: 'Email necessário', description: 'Por favor, digite seu email para reenviar a confirmação.', variant: 'destructive' });
        refs.current.email?.focus();
        return;
      }
      await resendConfirmation(email.trim());
    });
  };

  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="h-6 w-6" />}
      title="Entrar na sua conta"
      description="Acesse o portal para acompanhar seus projetos de IA."
      footer={
        <>
          Ainda não tem uma conta? <AuthLink href="/register">Cadastre-se</AuthLink>
        </>
      }
    >
      {unconfirmed && (
        <div role="alert" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <div className="flex gap-3">
            <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
            <p>
              Seu e-mail ainda não foi confirmado. Verifique sua caixa de entrada ou clique abaixo para reenviar o e-mail de
              confirmação.
            </p>
          </div>
          <Button variant="outline" size="sm" className="mt-3 w-full border-amber-400 bg-white text-amber-900 hover:bg-amber-100" loading={resending} onClick={onResend}>
            {resending ? 'Reenviando...' : 'Reenviar email de confirmação'}
          </Button>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Entrar">
        <FormField label="Email" error={errors.email}>
          <Input
            ref={(el) => {
              refs.current.email = el;
            }}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="seu@email.com"
            required
            aria-required="true"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField label="Senha" error={errors.password}>
            <Input
              ref={(el) => {
                refs.current.password = el;
              }}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              aria-required="true"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <a href="/forgot-password" className="self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Esqueceu sua senha?
          </a>
        </div>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={busy}>
          {busy ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </AuthCard>
  );
}
