// Notices above the edit form when a save could not go through: the project changed elsewhere
// (offer to load the current version, edits kept) or the session expired (sign in again here).
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

export function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm">
        Este projeto foi alterado em outra aba ou por outra pessoa depois que você começou a editar. Suas alterações não foram salvas,
        mas continuam no formulário. Recarregue para carregar a versão atual: depois, salve para substituí-la ou clique em Cancelar
        para descartar suas alterações.
      </p>
      <Button variant="outline" loading={reloading} onClick={onReload} className="shrink-0">
        Recarregar versão atual
      </Button>
    </div>
  );
}

export function ReloadedNotice() {
  return (
    <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      Versão atual carregada. Suas alterações continuam no formulário: salve para substituí-la ou clique em Cancelar para ver a versão
      atual.
    </p>
  );
}

interface SessionProps {
  email: string;
  onSignIn: (password: string) => Promise<boolean>;
  /** What signing in will then do ('salvá-las', 'enviá-lo'). */
  purpose?: string;
  actionLabel?: string;
}

/** Sign in again without leaving the page; the caller retries the save on success. */
export function SessionExpiredNotice({ email, onSignIn, purpose = 'salvá-las', actionLabel = 'Entrar e salvar' }: SessionProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    const ok = await onSignIn(password);
    setBusy(false);
    if (!ok) setPassword('');
  }

  return (
    <form
      role="alert"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="text-sm">
        Sua sessão expirou. Seus dados foram mantidos nesta tela: entre novamente com <strong className="break-all">{email}</strong> para{' '}
        {purpose}.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Senha" className="flex-1">
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </FormField>
        <Button type="submit" loading={busy} disabled={!password}>
          {actionLabel}
        </Button>
      </div>
    </form>
  );
}
