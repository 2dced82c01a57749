// The client form of both audiences, add and edit: full name and e-mail required, phone, company, status (Lead by
// default), source; the admin's form also has 'Gerente de conta' (staff only) and internal notes. Controlled and
// validated by its screen (useClientForm).
import type { FormEvent, ReactNode } from 'react';
import type { ClientSource, ClientStatus } from '../../lib/domain/status-codes';
import {
  CLIENT_LIMITS,
  CLIENT_SOURCE_OPTIONS,
  CLIENT_STATUS_OPTIONS,
  type ClientFieldErrors,
  type ClientFormFields,
} from '../../lib/domain/client-rules';
import type { StaffMember } from '../../lib/data/client-links';
import { buttonClasses, Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { Textarea } from '../ui/Textarea';

export type ClientAudience = 'crm' | 'admin';

export interface ClientFormValues extends ClientFormFields {
  status: ClientStatus;
  source: ClientSource | '';
  admin_notes: string;
  /** '' = nobody. */
  account_manager_id: string;
}

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  full_name: '',
  email: '',
  phone: '',
  company_name: '',
  status: 'lead',
  source: '',
  admin_notes: '',
  account_manager_id: '',
};

interface ClientFormProps {
  audience: ClientAudience;
  /** The form's accessible name ('Novo cliente', 'Editar cliente'). */
  label: string;
  values: ClientFormValues;
  errors: ClientFieldErrors;
  saving: boolean;
  /** The staff to choose the account manager from (admin form); null while they load. */
  staff?: StaffMember[] | null;
  /** A notice above the buttons after a failed save (says the typed data was kept), or the conflict notice. */
  notice?: ReactNode;
  onChange: (values: ClientFormValues) => void;
  onSubmit: () => void;
  cancelHref: string;
  /** Runs before following the cancel link (the screen forgets its draft there). */
  onCancel?: () => void;
  /** The client has a portal account: its name is the account's, changed only by the person in 'Meu Perfil'. */
  nameFromAccount?: boolean;
}

function Options<T extends string>({ options }: { options: { value: T; label: string }[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

export function ClientForm(props: ClientFormProps) {
  const { audience, values, errors, saving, staff, notice, onChange } = props;
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: 'full_name' | 'email' | 'phone' | 'company_name') => ({
    name: key,
    autoComplete: 'off',
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const admin = audience === 'admin';
  // A manager no longer on the staff list stays selectable until changed, so saving never clears it silently.
  const staffOptions = (staff ?? []).map((s) => ({ value: s.id, label: s.name }));
  if (values.account_manager_id && !staffOptions.some((o) => o.value === values.account_manager_id)) {
    staffOptions.push({ value: values.account_manager_id, label: staff ? 'Fora da equipe' : 'Carregando...' });
  }
  return (
    <Card className="p-6">
      <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label={props.label}>
        <FormField
          label="Nome Completo *"
          error={errors.full_name}
          hint={props.nameFromAccount ? 'Nome da conta no portal: o cliente o altera em Meu Perfil.' : undefined}
        >
          <Input {...text('full_name')} required aria-required="true" maxLength={CLIENT_LIMITS.fullName} readOnly={props.nameFromAccount} className={props.nameFromAccount ? 'bg-slate-50 text-slate-600' : undefined} />
        </FormField>
        <FormField label="E-mail *" error={errors.email}>
          <Input {...text('email')} type="email" required aria-required="true" maxLength={CLIENT_LIMITS.email} placeholder="nome@empresa.com.br" />
        </FormField>
        <FormField label="Telefone" error={errors.phone}>
          <Input {...text('phone')} type="tel" maxLength={CLIENT_LIMITS.phoneMax} placeholder="(11) 99999-9999" />
        </FormField>
        <FormField label="Empresa" error={errors.company_name}>
          <Input {...text('company_name')} maxLength={CLIENT_LIMITS.company} />
        </FormField>
        <FormField label="Status">
          <Select name="status" value={values.status} onChange={(e) => set('status', e.target.value as ClientStatus)}>
            <Options options={CLIENT_STATUS_OPTIONS} />
          </Select>
        </FormField>
        <FormField label="Origem">
          <Select name="source" value={values.source} onChange={(e) => set('source', e.target.value as ClientSource | '')}>
            <option value="">Não informada</option>
            <Options options={CLIENT_SOURCE_OPTIONS} />
          </Select>
        </FormField>
        {admin && (
          <FormField label="Gerente de conta" hint="Apenas membros da equipe.">
            <Select
              name="account_manager_id"
              value={values.account_manager_id}
              onChange={(e) => set('account_manager_id', e.target.value)}
            >
              <option value="">Não atribuído</option>
              <Options options={staffOptions} />
            </Select>
          </FormField>
        )}
        {admin && (
          <FormField label="Notas internas" className="sm:col-span-2" hint="Visíveis apenas para administradores.">
            <Textarea
              name="admin_notes"
              rows={4}
              maxLength={CLIENT_LIMITS.notes}
              value={values.admin_notes}
              onChange={(e) => set('admin_notes', e.target.value)}
            />
          </FormField>
        )}
        {notice && <div className="sm:col-span-2">{notice}</div>}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <a href={props.cancelHref} onClick={props.onCancel} className={buttonClasses('outline')}>
            Cancelar
          </a>
          <Button type="submit" loading={saving}>
            {saving ? 'Salvando...' : 'Salvar Cliente'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
