// 'Alterar senha': the new password typed twice. `onChange` receives the new password once it passes the rules and
// answers whether it was changed; the fields are emptied only then.
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, validateNewPassword, type PasswordErrors } from '../../lib/domain/profile-rules';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

export function PasswordForm({ onChange }: { onChange: (password: string) => Promise<boolean> }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.password ? 'profile-new-password' : 'profile-confirm-password')?.focus();
      return;
    }
    setBusy(true);
    try {
      if (await onChange(password)) {
        setPassword('');
        setConfirm('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight text-slate-900">Alterar senha</h2>
        <CardDescription>Ao trocar a senha, as outras sessões abertas da sua conta são encerradas.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid max-w-xl gap-5" aria-label="Alterar senha">
          <FormField id="profile-new-password" label="Nova senha" hint={`Mínimo de ${PASSWORD_MIN} caracteres.`} error={errors.password}>
            <Input
              name="new_password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (errors.password) setErrors((p) => ({ ...p, password: undefined }));
              }}
            />
          </FormField>
          <FormField id="profile-confirm-password" label="Confirmar nova senha" error={errors.confirm}>
            <Input
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.target.value);
                if (errors.confirm) setErrors((p) => ({ ...p, confirm: undefined }));
              }}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Alterando...' : 'Alterar senha'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
