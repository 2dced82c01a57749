// /admin/clients/new: the admin's add-client form. Nothing typed is lost: a failed save keeps the
// form, the draft survives a reload in this tab, and the id is made once so a retry never inserts twice.
import { useRef, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { createClient, describeCreateError, type NewClientValues } from '../lib/data/clients';
import { isSessionError } from '../lib/data/data-errors';
import { toastAndGo } from '../lib/stores/toast';
import { isClientStatus, isPlainEmail } from '../lib/domain/client-rules';
import { toast } from '../lib/stores/toast';
import { isRecord, sessionDraft } from '../lib/stores/drafts';
import { newId } from '../lib/util/ids';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { ClientForm, EMPTY_CLIENT_FORM, type ClientFormErrors, type ClientFormValues } from '../components/admin/ClientForm';

const KEPT = 'Os dados digitados foram mantidos no formulário; tente salvar novamente.';

interface Draft {
  id: string;
  values: ClientFormValues;
}

function readDraft(parsed: unknown): Draft | null {
  if (!isRecord(parsed) || typeof parsed.id !== 'string' || !isRecord(parsed.values)) return null;
  const v = { ...EMPTY_CLIENT_FORM, ...parsed.values } as ClientFormValues;
  for (const key of ['full_name', 'email', 'phone', 'company_name', 'admin_notes', 'source'] as const) {
    if (typeof v[key] !== 'string') return null;
  }
  if (!isClientStatus(v.status)) v.status = 'lead';
  return { id: parsed.id, values: v };
}

const draftStore = sessionDraft('portal-ia:admin-new-client-draft', readDraft);

function validate(values: ClientFormValues): ClientFormErrors {
  const errors: ClientFormErrors = {};
  if (!values.full_name.trim()) errors.full_name = 'Informe o nome completo.';
  if (!values.email.trim()) errors.email = 'Informe o email.';
  else if (!isPlainEmail(values.email.trim())) errors.email = 'Informe um e-mail válido, como nome@empresa.com.br.';
  return errors;
}

function toNewClient(values: ClientFormValues): NewClientValues {
  return {
    full_name: values.full_name,
    email: values.email,
    phone: values.phone,
    company_name: values.company_name,
    status: values.status,
    source: values.source === '' ? null : values.source,
    admin_notes: values.admin_notes,
  };
}

export default function AdminClientNewScreen() {
  // The draft is read in the first render, so no keystroke can come before it (and be overwritten by it).
  const [draft] = useState(() => draftStore.load());
  const idRef = useRef<string>(draft?.id ?? newId());
  const [values, setValues] = useState<ClientFormValues>(draft?.values ?? EMPTY_CLIENT_FORM);
  const [errors, setErrors] = useState<ClientFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [restored, setRestored] = useState(draft !== null);

  const change = (next: ClientFormValues) => {
    setValues(next);
    setErrors((prev) => {
      const nextErrors = { ...prev };
      if (next.full_name.trim()) delete nextErrors.full_name;
      if (next.email.trim() && (!prev.email || isPlainEmail(next.email.trim()))) delete nextErrors.email;
      return nextErrors;
    });
    draftStore.save({ id: idRef.current, values: next });
  };

  const discardDraft = () => {
    draftStore.clear();
    idRef.current = newId();
    setValues(EMPTY_CLIENT_FORM);
    setErrors({});
    setFailure(null);
    setRestored(false);
  };

  const submit = async () => {
    if (saving) return;
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    if (!values.full_name.trim() || !values.email.trim()) {
      toast({ title: 'Campos obrigatórios', description: 'Nome completo e email são obrigatórios.', variant: 'destructive' });
      return;
    }
    if (found.email) {
      toast({ title: 'Email inválido', description: found.email, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const created = await createClient(idRef.current, toNewClient(values));
      draftStore.clear();
      toastAndGo(
        { title: 'Cliente Adicionado!', description: `${created.full_name} foi cadastrado com sucesso.` },
        '/admin/clients',
      );
    } catch (error) {
      const reason = isSessionError(error)
        ? 'Sua sessão expirou: entre novamente em outra aba e volte a salvar.'
        : describeCreateError(error);
      const description = `Não foi possível salvar o novo cliente. ${reason === 'Não foi possível salvar o novo cliente.' ? '' : `${reason} `}${KEPT}`;
      toast({ title: 'Erro ao adicionar cliente', description, variant: 'destructive' });
      setFailure(description);
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <a
        href="/admin/clients"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Voltar para clientes
      </a>
      <AdminPageHeader title="Adicionar Novo Cliente" description="Campos marcados com * são obrigatórios." />
      {restored && (
        <div className="mb-4 flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between">
          <span>Recuperamos os dados que você tinha digitado neste formulário.</span>
          <button type="button" onClick={discardDraft} className="self-start font-medium underline sm:self-auto">
            Descartar rascunho
          </button>
        </div>
      )}
      <ClientForm
        values={values}
        errors={errors}
        saving={saving}
        failure={failure}
        onChange={change}
        onSubmit={submit}
        cancelHref="/admin/clients"
        onCancel={draftStore.clear}
      />
    </div>
  );
}
