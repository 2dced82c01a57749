// /confirm-email?token_hash=...&type=signup (SPEC §2 'Email confirmation', §5, §8 'Email verification page'):
// verifying, then success (→ /login after 3000 ms) or the error texts; always a button to go to login.
import { useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { buttonClasses } from '../components/ui';
import { AuthCard } from '../components/landing/auth/AuthCard';
import {
  AUTH_REDIRECT_DELAY_MS,
  confirmSessionFromUrl,
  confirmationFromHash,
  initialUrlHash,
  parseConfirmParams,
  verifyEmailLink,
  type ConfirmOutcome,
} from '../lib/landing-auth';
import { toast } from '../lib/toast';

type View = { state: 'verifying' } | { state: 'success' } | { state: 'already'; message: string } | { state: 'error'; message: string };

export default function ConfirmEmailScreen() {
  const [view, setView] = useState<View>({ state: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: verify it exactly once per page load.
    if (started.current) return;
    started.current = true;
    const show = (outcome: ConfirmOutcome) => {
      if (outcome.status === 'success') setView({ state: 'success' });
      else if (outcome.status === 'already-confirmed') setView({ state: 'already', message: outcome.message });
      else setView({ state: 'error', message: outcome.message });
    };
    const params = parseConfirmParams(window.location.search);
    if (params.ok) {
      void verifyEmailLink(params.tokenHash, params.type).then(show);
      return;
    }
    // Supabase's default e-mail template returns here with the result in the URL hash.
    const fromHash = confirmationFromHash(initialUrlHash);
    if (fromHash && 'error' in fromHash) {
      toast({ title: 'Falha na Verificação', description: fromHash.error, variant: 'destructive' });
      show({ status: 'error', message: `Erro ao verificar email: ${fromHash.error}` });
      return;
    }
    if (fromHash) {
      void confirmSessionFromUrl().then(show);
      return;
    }
    toast({ title: 'Erro de Verificação', description: 'Link inválido.', variant: 'destructive' });
    setView({ state: 'error', message: params.message });
  }, []);

  const redirecting = view.state === 'success' || view.state === 'already';
  useEffect(() => {
    if (!redirecting) return;
    const t = setTimeout(() => window.location.assign('/login'), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [redirecting]);

  const loginButton = (
    <a href="/login" className={buttonClasses(view.state === 'error' ? 'outline' : 'default', 'lg', 'w-full')}>
      Ir para o login
    </a>
  );

  if (view.state === 'verifying') {
    return (
      <AuthCard
        icon={<Loader2 aria-hidden="true" className="h-6 w-6 animate-spin" />}
        title="Verificando seu email..."
        description={<span role="status">Aguarde um instante enquanto confirmamos seu endereço de email.</span>}
      />
    );
  }

  if (view.state === 'success') {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" className="h-6 w-6 text-emerald-600" />}
        title="Email Verificado!"
        description={
          <span role="status">
            Sua conta foi ativada. Você será redirecionado para o login em instantes.
          </span>
        }
      >
        {loginButton}
      </AuthCard>
    );
  }

  if (view.state === 'already') {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" className="h-6 w-6 text-emerald-600" />}
        title="Email já verificado"
        description={<span role="status">{view.message}</span>}
      >
        {loginButton}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<CircleAlert aria-hidden="true" className="h-6 w-6 text-red-600" />}
      title="Não foi possível verificar"
      description={<span role="alert">{view.message}</span>}
    >
      {loginButton}
      <p className="mt-4 text-center text-sm text-slate-600">
        O link expirou? Entre com seu email e senha para receber um novo link de confirmação.
      </p>
    </AuthCard>
  );
}
