// /register (SPEC §2 'Register', §5, §8): full name, e-mail, password and confirmation, then 'Verifique seu Email'.
import { useRef, useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { Button, FormField, Input } from '../components/ui';
import { AuthLoading, AuthCard, AuthLink } from '../components/landing/auth/AuthCard';
import { useRedirectIfSignedIn } from '../components/landing/auth/useRedirectIfSignedIn';
import { useSubmitGuard } from '../components/landing/auth/useSubmitGuard';
import { focusFirstError } from '../components/landing/auth/focusFirstError';
import { CheckEmailPanel } from '../components/landing/auth/CheckEmailPanel';
import { signUp } from '../lib/auth';
import { goWithToast, MIN_PASSWORD_LENGTH, validateRegister, type RegisterField } from '../lib/landing-auth';
import { toast } from '../lib/toast';

const ORDER: readonly RegisterField[] = ['name', 'email', 'password', 'confirm'];

export default function RegisterScreen() {
  const [values, setValues] = useState<Record<RegisterField, string>>({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, run, keepBusy] = useSubmitGuard();
  const refs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});
  const waiting = useRedirectIfSignedIn(busy);

  if (sentTo !== null) return <CheckEmailPanel email={sentTo} />;
  if (waiting) return <AuthLoading />;

  const set = (f: RegisterField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const bind = (f: RegisterField) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[f] = el;
    },
    name: f,
    required: true,
    'aria-required': true as const,
    value: values[f],
    onChange: set(f),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const problem = validateRegister(values);
      if (problem) {
        setErrors(problem.fields);
        toast({ title: problem.title, description: problem.description, variant: 'destructive' });
        focusFirstError(ORDER, problem.fields, refs.current);
        return;
      }
      setErrors({});
      const name = values.name.trim();
      const email = values.email.trim();
      const result = await signUp(name, email, values.password);
      if (!result.success) return;
      if (result.needsConfirmation) {
        setSentTo(email);
        return;
      }
      // The server signed the user in at once (no e-mail confirmation required).
      keepBusy();
      goWithToast('/dashboard', 'Registro bem-sucedido!', `Bem-vindo, ${name}!`);
    });
  };

  return (
    <AuthCard
      icon={<UserPlus aria-hidden="true" className="h-6 w-6" />}
      title="Criar sua conta"
      description="Comece a transformar seu negócio com inteligência artificial."
      footer={
        <>
          Já tem uma conta? <AuthLink href="/login">Entrar</AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Criar conta">
        <FormField label="Nome completo" error={errors.name}>
          <Input {...bind('name')} type="text" autoComplete="name" placeholder="Seu nome" />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input {...bind('email')} type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />
        </FormField>
        <FormField label="Senha" error={errors.password} hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres.`}>
          <Input {...bind('password')} type="password" autoComplete="new-password" />
        </FormField>
        <FormField label="Confirmar senha" error={errors.confirm}>
          <Input {...bind('confirm')} type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={busy}>
          {busy ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>
    </AuthCard>
  );
}
