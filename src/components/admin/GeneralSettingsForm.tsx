// 'Configurações Gerais': the app name, the logo URL and the main admin e-mail, each with its pt-BR error under it.
import type { FormEvent } from 'react';
import { APP_NAME_MAX, LOGO_URL_MAX, type SettingsErrors, type SettingsField, type SettingsFormValues } from '../../lib/domain/settings-rules';
import { EMAIL_MAX_LENGTH } from '../../lib/domain/email';
import { Button } from '../ui/Button';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

interface Props {
  values: SettingsFormValues;
  errors: SettingsErrors;
  onChange: (field: SettingsField, value: string) => void;
  onSubmit: () => void;
  /** The stored values are not read yet: the fields wait. */
  loading: boolean;
  saving: boolean;
  /** The form shows a draft typed earlier and not saved yet. */
  restored: boolean;
}

/** Id of a field's input, for focusing the first invalid one. */
export const settingsFieldId = (field: SettingsField) => `settings-${field.replace('_', '-')}`;

export function GeneralSettingsForm({ values, errors, onChange, onSubmit, loading, saving, restored }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const busy = loading || saving;
  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-5" aria-busy={busy}>
      {restored && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Estes valores ainda não foram salvos: são os que você digitou antes.
        </p>
      )}
      <FormField label="Nome do Aplicativo" id={settingsFieldId('app_name')} error={errors.app_name}>
        <Input
          name="app_name"
          value={values.app_name}
          onChange={(e) => onChange('app_name', e.target.value)}
          readOnly={loading}
          maxLength={APP_NAME_MAX}
          autoComplete="organization"
        />
      </FormField>
      <FormField
        label="URL do Logo"
        id={settingsFieldId('logo_url')}
        error={errors.logo_url}
        hint="Endereço https:// de uma imagem. Deixe em branco para usar o logotipo padrão."
      >
        <Input
          name="logo_url"
          type="url"
          placeholder="https://exemplo.com.br/logo.png"
          value={values.logo_url}
          onChange={(e) => onChange('logo_url', e.target.value)}
          readOnly={loading}
          maxLength={LOGO_URL_MAX}
        />
      </FormField>
      <FormField
        label="E-mail do Administrador Principal"
        id={settingsFieldId('admin_email')}
        error={errors.admin_email}
        hint="Os clientes veem este e-mail como o contato da agência."
      >
        <Input
          name="admin_email"
          type="email"
          value={values.admin_email}
          onChange={(e) => onChange('admin_email', e.target.value)}
          readOnly={loading}
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
        />
      </FormField>
      <FormField
        label="E-mail de Contato"
        id={settingsFieldId('contact_email')}
        error={errors.contact_email}
        hint="O endereço que o site público mostra para falar com a agência."
      >
        <Input
          name="contact_email"
          type="email"
          value={values.contact_email}
          onChange={(e) => onChange('contact_email', e.target.value)}
          readOnly={loading}
          maxLength={EMAIL_MAX_LENGTH}
        />
      </FormField>
      <div>
        <Button type="submit" loading={saving} disabled={loading}>
          {saving ? 'Salvando...' : 'Salvar Alterações'}
        </Button>
      </div>
    </form>
  );
}
