// The profile's name and avatar form. Its values come from the island (first render: the draft, else the account);
// every change is reported so the island can keep the draft. The e-mail is shown, never edited here.
import type { FormEvent } from 'react';
import { FULL_NAME_MAX, type ProfileErrors, type ProfileFormValues } from '../../lib/domain/profile-rules';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

interface Props {
  email: string;
  values: ProfileFormValues;
  errors: ProfileErrors;
  saving: boolean;
  onChange: (field: keyof ProfileFormValues, value: string) => void;
  onSubmit: () => void;
}

export function ProfileForm({ email, values, errors, saving, onChange, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight text-slate-900">Dados pessoais</h2>
        <CardDescription>O nome e a foto aparecem no menu lateral e para a equipe da agência.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-xl gap-5" aria-label="Dados pessoais">
          <FormField id="profile-full-name" label="Nome completo" hint={`Até ${FULL_NAME_MAX} caracteres.`} error={errors.full_name}>
            <Input
              name="full_name"
              autoComplete="name"
              required
              value={values.full_name}
              onChange={(e) => onChange('full_name', e.target.value)}
            />
          </FormField>
          <FormField
            id="profile-avatar-url"
            label="URL da foto (opcional)"
            hint="Endereço https de uma imagem. Sem foto, o menu mostra suas iniciais."
            error={errors.avatar_url}
          >
            <Input
              name="avatar_url"
              type="url"
              inputMode="url"
              placeholder="https://exemplo.com.br/foto.jpg"
              value={values.avatar_url}
              onChange={(e) => onChange('avatar_url', e.target.value)}
            />
          </FormField>
          <FormField id="profile-email" label="E-mail" hint="O e-mail da conta não pode ser alterado aqui.">
            <Input name="email" type="email" value={email} readOnly className="bg-slate-50 text-slate-600" />
          </FormField>
          <div>
            <Button type="submit" loading={saving}>
              {saving ? 'Salvando...' : 'Salvar'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
