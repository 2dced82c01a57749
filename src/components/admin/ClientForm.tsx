import type { FormEvent } from 'react';
import type { ClientSource, ClientStatus } from '../../lib/domain/status-codes';
import { CLIENT_SOURCE_OPTIONS, CLIENT_STATUS_OPTIONS } from '../../lib/domain/client-rules';
import { buttonClasses, Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { Textarea } from '../ui/Textarea';

export interface ClientFormValues {
  full_name: string;
  email: string;
  phone: string;
  company_name: string;
  status: ClientStatus;
  source: ClientSource | '';
  admin_notes: string;
}

export type ClientFormErrors = Partial<Record<'full_name' | 'email', string>>;

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  full_name: '',
  email: '',
  phone: '',
  company_name: '',
  status: 'lead',
  source: '',
  admin_notes: '',
};

interface ClientFormProps {
  values: ClientFormValues;
  errors: ClientFormErrors;
  saving: boolean;
  /** A message shown above the buttons after a failed save (says the typed data was kept). */
  failure?: string | null;
  onChange: (values: ClientFormValues) => void;
  onSubmit: () => void;
  cancelHref: string;
  /** Runs before following the cancel link (the island forgets its draft there). */
  onCancel?: () => void;
}

/** The admin add-client form: controlled, validated by the island. */
export function ClientForm({ values, errors, saving, failure, onChange, onSubmit, cancelHref, onCancel }: ClientFormProps) {
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) => onChange({ ...values, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card className="p-6">
      <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Novo cliente">
        <FormField label="Nome Completo *" error={errors.full_name}>
          <Input
            name="full_name"
            required
            aria-required="true"
            autoComplete="off"
            maxLength={200}
            value={values.full_name}
            onChange={(e) => set('full_name', e.target.value)}
          />
        </FormField>
        <FormField label="Email *" error={errors.email}>
          <Input
            name="email"
            type="email"
            required
            aria-required="true"
            autoComplete="off"
            maxLength={254}
            placeholder="nome@empresa.com.br"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <FormField label="Telefone">
          <Input
            name="phone"
            type="tel"
            autoComplete="off"
            maxLength={40}
            placeholder="(11) 99999-9999"
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </FormField>
        <FormField label="Empresa">
          <Input
            name="company_name"
            autoComplete="off"
            maxLength={200}
            value={values.company_name}
            onChange={(e) => set('company_name', e.target.value)}
          />
        </FormField>
        <FormField label="Status">
          <Select name="status" value={values.status} onChange={(e) => set('status', e.target.value as ClientStatus)}>
            {CLIENT_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Origem">
          <Select name="source" value={values.source} onChange={(e) => set('source', e.target.value as ClientSource | '')}>
            <option value="">Não informada</option>
            {CLIENT_SOURCE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Notas internas" className="sm:col-span-2" hint="Visíveis apenas para administradores.">
          <Textarea
            name="admin_notes"
            rows={4}
            maxLength={5000}
            value={values.admin_notes}
            onChange={(e) => set('admin_notes', e.target.value)}
          />
        </FormField>
        {failure && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <a href={cancelHref} onClick={onCancel} className={buttonClasses('outline')}>
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
