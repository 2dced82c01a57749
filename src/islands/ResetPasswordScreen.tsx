// /reset-password (SPEC §2, §4 PASSWORD_RECOVERY, §5, §8): reached from the recovery e-mail's link, whose URL hash
// carries a recovery session (supabase-js reads it). New password + confirmation; then signed out and sent to /login.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { Button, FormField, Input, buttonClasses } from '../components/ui';
import { AuthCard, AuthLoading } from '../components/landing/auth/AuthCard';
import { useSubmitGuard } from '../components/landing/auth/useSubmitGuard';
import { focusFirstError } from '../components/landing/auth/focusFirstError';
import { $auth, updatePassword } from '../lib/auth';
import {
  AUTH_REDIRECT_DELAY_MS,
  MIN_PASSWORD_LENGTH,
  forgetRecovery,
  isRememberedRecovery,
  onPasswordRecovery,
  openedFromRecoveryLink,
  recoveryLinkError,
  rememberRecovery,
  validateReset,
} from '../lib/landing-auth';
import { toast } from '../lib/toast';

type Phase = 'checking' | 'ready' | 'invalid' | 'done';
type Field = 'password' | 'confirm';
const ORDER: readonly Field[] = ['password', 'confirm'];

export default function ResetPasswordScreen() {
  const auth = useStore($auth);
  const [phase, setPhase] = useState<Phase>(recoveryLinkError ? 'invalid' : 'checking');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, run] = useSubmitGuard();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(
    () =>
      onPasswordRecovery((userId) => {
        rememberRecovery(userId);
        setPhase((p) => (p === 'checking' || p === 'invalid' ? 'ready' : p));
      }),
    [],
  );

  useEffect(() => {
    if (phase !== 'checking' || auth.loading) return;
    const user = auth.user;
    if (user && (openedFromRecoveryLink || isRememberedRecovery(user.id))) {
      rememberRecovery(user.id);
      setPhase('ready');
    } else {
      setPhase('invalid');
    }
  }, [phase, auth.loading, auth.user]);

  useEffect(() => {
    if (phase !== 'done') return;
    const t = setTimeout(() => window.location.assign('/login'), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [phase]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const problem = validateReset(password, confirm);
      if (problem) {
        setErrors(problem.fields);
        toast({ title: problem.title, description: problem.description, variant: 'destructive' });
        focusFirstError(ORDER, problem.fields, refs.current);
        return;
      }
      setErrors({});
      const result = await updatePassword(password);
      if (result.success) {
        forgetRecovery();
        setPhase('done');
      }
    });
  };

  if (phase === 'checking') return <AuthLoading label="Verificando link de redefinição..." />;

  if (phase === 'invalid') {
    return (
      <AuthCard
        icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />}
        title="Link inválido ou expirado"
        description="Este link de redefinição de senha é inválido, já foi usado ou expirou. Solicite um novo link para criar sua nova senha."
      >
        <a href="/forgot-password" className={buttonClasses('default', 'lg', 'w-full')}>
          Solicitar novo link
        </a>
        <a href="/login" className={buttonClasses('ghost', 'default', 'mt-3 w-full')}>
          Voltar para o login
        </a>
      </AuthCard>
    );
  }

  if (phase === 'done') {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" className="h-6 w-6 text-emerald-600" />}
        title="Senha Redefinida!"
        description={<span role="status">Sua senha foi alterada. Você será redirecionado para o login em instantes.</span>}
      >
        <a href="/login" className={buttonClasses('default', 'lg', 'w-full')}>
          Ir para o login
        </a>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="h-6 w-6" />}
      title="Redefinir senha"
      description={auth.user?.email ? <>Crie uma nova senha para <strong className="font-semibold text-slate-900">{auth.user.email}</strong>.</> : 'Crie uma nova senha para a sua conta.'}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Redefinir senha">
        <FormField label="Nova senha" error={errors.password} hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres.`}>
          <Input
            ref={(el) => {
              refs.current.password = el;
            }}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            aria-required="true"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <FormField label="Confirmar nova senha" error={errors.confirm}>
          <Input
            ref={(el) => {
              refs.current.confirm = el;
            }}
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            aria-required="true"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={busy}>
          {busy ? 'Salvando...' : 'Redefinir senha'}
        </Button>
      </form>
    </AuthCard>
  );
}
