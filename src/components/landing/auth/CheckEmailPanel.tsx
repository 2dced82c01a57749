// 'Verifique seu Email' (SPEC §2 'Register'): the address, a resend button, a link back to login, and a neutral
// sentence for whoever already had an account (GoTrue answers that signup like a new one and sends nothing).
import { MailCheck } from 'lucide-react';
import { Button, buttonClasses } from '../../ui';
import { AuthCard, AuthLink } from './AuthCard';
import { useSubmitGuard } from './useSubmitGuard';
import { resendConfirmation } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

export function CheckEmailPanel({ email }: { email: string }) {
  const [resending, run] = useSubmitGuard();

  const onResend = () => {
    void run(async () => {
      if (!email.trim()) {
        toast({ title: 'Email não informado', description: 'O campo de email não pode estar vazio para reenviar.', variant: 'destructive' });
        return;
      }
      await resendConfirmation(email.trim());
    });
  };

  return (
    <AuthCard
      icon={<MailCheck aria-hidden="true" className="h-6 w-6" />}
      title="Verifique seu Email"
      description={
        <>
          Enviamos um link de confirmação para <strong className="break-all font-semibold text-slate-900">{email}</strong>. Abra a
          mensagem e clique no link para ativar sua conta.
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Button variant="outline" size="lg" className="w-full" loading={resending} onClick={onResend}>
          {resending ? 'Reenviando...' : 'Reenviar email de confirmação'}
        </Button>
        <a href="/login" className={buttonClasses('default', 'lg', 'w-full')}>
          Voltar para o login
        </a>
      </div>
      <p className="mt-6 rounded-lg bg-slate-50 p-4 text-sm leading-relaxed text-slate-600">
        Se já existe uma conta com este email, nenhum novo link será enviado: basta <AuthLink href="/login">entrar</AuthLink> ou{' '}
        <AuthLink href="/forgot-password">redefinir sua senha</AuthLink>.
      </p>
    </AuthCard>
  );
}
