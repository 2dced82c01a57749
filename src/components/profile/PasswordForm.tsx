// 'Alterar senha': the current password, then the new one typed twice. `onChange` receives both once they pass the
// rules and answers whether the password was changed ('wrong' when the current password is not the account's); the
// fields are emptied only after a change.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PASSWORD_MIN, PROFILE_TEXTS, validateNewPassword, type PasswordErrors } from '../../lib/domain/profile-rules';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

const FIELD_IDS = { current: 'profile-current-password', password: 'profile-new-password', confirm: 'profile-confirm-password' } as const;

export function PasswordForm({ onChange }: { onChange: (current: string, password: string) => Promise<'changed' | 'wrong' | 'failed'> }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);

  // Typing in a field clears that field's error.
  const edit = (field: keyof PasswordErrors, set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    if (errors[field]) setErrors((p) => ({ ...p, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateNewPassword(password, confirm, current);
    setErrors(found);
    const first = (['current', 'password', 'confirm'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await onChange(current, password);
      if (outcome === 'changed') {
        setCurrent('');
        setPassword('');
        setConfirm('');
      } else if (outcome === 'wrong') {
        setErrors({ current: PROFILE_TEXTS.currentWrong });
        document.getElementById(FIELD_IDS.current)?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight text-slate-900">Alterar senha</h2>
        <CardDescription>{PROFILE_TEXTS.passwordChangeNotice}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid max-w-xl gap-5" aria-label="Alterar senha">
          <FormField id={FIELD_IDS.current} label="Senha atual" error={errors.current}>
            <Input
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={edit('current', setCurrent)}
            />
          </FormField>
          <FormField id={FIELD_IDS.password} label="Nova senha" hint={`Mínimo de ${PASSWORD_MIN} caracteres.`} error={errors.password}>
            <Input
              name="new_password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={edit('password', setPassword)}
            />
          </FormField>
          <FormField id={FIELD_IDS.confirm} label="Confirmar nova senha" error={errors.confirm}>
            <Input
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={edit('confirm', setConfirm)}
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
