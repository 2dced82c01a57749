// /forgot-password (SPEC §2, §5, §8): asks for the e-mail, then says a link was sent if the address has an account.
import { useRef, useState, type FormEvent } from 'react';
import { KeyRound, MailCheck } from 'lucide-react';
import { Button, FormField, Input, buttonClasses } from '../components/ui';
import { AuthCard, AuthLink } from '../components/landing/auth/AuthCard';
import { useSubmitGuard } from '../components/landing/auth/useSubmitGuard';
import { sendResetEmail } from '../lib/auth';
import { resetSentText, validateForgot } from '../lib/landing-auth';
import { toast } from '../lib/toast';

export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, run] = useSubmitGuard();
  const input = useRef<HTMLInputElement | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const problem = validateForgot(email);
      if (problem) {
        setError(problem.fields.email);
        toast({ title: problem.title, description: problem.description, variant: 'destructive' });
        input.current?.focus();
        return;
      }
      setError(undefined);
      const address = email.trim();
      const result = await sendResetEmail(address);
      if (result.success) setSentTo(address);
    });
  };

  if (sentTo !== null) {
    return (
      <AuthCard icon={<MailCheck aria-hidden="true" className="h-6 w-6" />} title="Verifique sua caixa de entrada">
        <p role="status" className="text-center text-sm leading-relaxed text-slate-700">
          {resetSentText(sentTo)}
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <a href="/login" className={buttonClasses('default', 'lg', 'w-full')}>
            Voltar para o login
          </a>
          <Button variant="ghost" className="w-full" onClick={() => setSentTo(null)}>
            Não recebeu? Enviar novamente
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="h-6 w-6" />}
      title="Esqueceu sua senha?"
      description="Digite o email da sua conta e enviaremos um link para você criar uma nova senha."
      footer={
        <>
          Lembrou a senha? <AuthLink href="/login">Voltar para o login</AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Recuperar senha">
        <FormField label="Email" error={error}>
          <Input
            ref={input}
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
        <Button type="submit" size="lg" className="mt-2 w-full" loading={busy}>
          {busy ? 'Enviando...' : 'Enviar link de redefinição'}
        </Button>
      </form>
    </AuthCard>
  );
}
