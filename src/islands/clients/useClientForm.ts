// The logic of the client form, add and edit, for both audiences. Nothing typed is lost: a failed save keeps the
// form, the draft survives a reload in this tab, a new client's id is made once (a retry never inserts twice), and an
// edit saves only over the version it loaded (a change made elsewhere meanwhile is a conflict, never overwritten).
import { useEffect, useRef, useState } from 'react';
import {
  createClient,
  describeSaveError,
  getClient,
  updateClient,
  type AdminClientDetail,
  type NewClientValues,
} from '../../lib/data/clients';
import { listStaff, type StaffMember } from '../../lib/data/client-links';
import { ConflictError, NotFoundError, isSessionError } from '../../lib/data/data-errors';
import { CLIENT_MESSAGES, isClientStatus, validateClientFields, type ClientFieldErrors } from '../../lib/domain/client-rules';
import { isRecord, sessionDraft } from '../../lib/stores/drafts';
import { toast, toastAndGo } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';
import { EMPTY_CLIENT_FORM, type ClientAudience, type ClientFormValues } from '../../components/clients/ClientForm';
import { CLIENT_ROUTES } from '../../components/clients/client-routes';

export const KEPT = 'Os dados digitados foram mantidos no formulário; tente salvar novamente.';
const GENERIC_SAVE_ERROR = 'Não foi possível salvar o cliente.';

/**
 * A stored draft: the form's values and the row it belongs to (`id`: the new row's id, or the edited client's) with,
 * for an edit, the `updated_at` the form loaded (`base`), so a draft restored after a reload still saves only over the
 * version it was typed against.
 */
interface Draft {
  id: string;
  base: string | null;
  values: ClientFormValues;
}

function readDraft(parsed: unknown): Draft | null {
  if (!isRecord(parsed) || typeof parsed.id !== 'string' || !isRecord(parsed.values)) return null;
  const v = { ...EMPTY_CLIENT_FORM, ...parsed.values } as ClientFormValues;
  for (const key of ['full_name', 'email', 'phone', 'company_name', 'admin_notes', 'source', 'account_manager_id'] as const) {
    if (typeof v[key] !== 'string') return null;
  }
  if (!isClientStatus(v.status)) v.status = 'lead';
  return { id: parsed.id, base: typeof parsed.base === 'string' ? parsed.base : null, values: v };
}

function draftStore(audience: ClientAudience, editId: string | null) {
  const key = editId ? `portal-ia:${audience}-edit-client-draft:${editId}` : `portal-ia:${audience}-new-client-draft`;
  return sessionDraft(key, readDraft);
}

export function formValuesOf(client: AdminClientDetail): ClientFormValues {
  return {
    full_name: client.full_name,
    email: client.email,
    phone: client.phone ?? '',
    company_name: client.company_name ?? '',
    status: isClientStatus(client.status) ? client.status : 'lead',
    source: (client.source ?? '') as ClientFormValues['source'],
    admin_notes: client.admin_notes ?? '',
    account_manager_id: client.account_manager_id ?? '',
  };
}

/** What the data module receives: the admin-only fields only from the admin's form. */
export function toClientValues(audience: ClientAudience, values: ClientFormValues): NewClientValues {
  const common: NewClientValues = {
    full_name: values.full_name,
    email: values.email,
    phone: values.phone,
    company_name: values.company_name,
    status: values.status,
    source: values.source === '' ? null : values.source,
  };
  return audience === 'admin' ? { ...common, admin_notes: values.admin_notes, account_manager_id: values.account_manager_id || null } : common;
}

export type EditLoad = { kind: 'new' } | { kind: 'loading' } | { kind: 'not-found' } | { kind: 'ready'; client: AdminClientDetail };
export type Problem = null | 'conflict' | 'reloaded';

/** `editId` null: a new client; else the id of the client edited ('' or malformed: not found). */
export function useClientForm(audience: ClientAudience, editId: string | null) {
  const routes = CLIENT_ROUTES[audience];
  const store = useRef(draftStore(audience, editId)).current;
  // A new client's draft is read in the first render, so no keystroke can come before it; an edit's form appears
  // only once the client has loaded, and takes its draft then.
  const [initial] = useState(() => (editId === null ? store.load() : null));
  const idRef = useRef<string>(editId ?? initial?.id ?? newId());
  const baseRef = useRef<string | null>(null);
  const [values, setValues] = useState<ClientFormValues>(initial?.values ?? EMPTY_CLIENT_FORM);
  const [load, setLoad] = useState<EditLoad>(editId === null ? { kind: 'new' } : { kind: 'loading' });
  const [errors, setErrors] = useState<ClientFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);
  const [restored, setRestored] = useState(initial !== null);
  const [staff, setStaff] = useState<StaffMember[] | null>(null);

  useEffect(() => {
    if (audience !== 'admin') return;
    listStaff()
      .then(setStaff)
      .catch(() => setStaff([]));
  }, [audience]);

  useEffect(() => {
    if (editId === null) return;
    let active = true;
    getClient(editId)
      .then((client) => {
        if (!active) return;
        const draft = store.load();
        const own = draft && draft.id === client.id ? draft : null;
        baseRef.current = own?.base ?? client.updated_at;
        setValues(own?.values ?? formValuesOf(client));
        setRestored(own !== null);
        // Typed over an older version than the one saved now (a save that conflicted before the reload, or a change
        // made elsewhere since): the same conflict notice as before, never a silent overwrite.
        if (own?.base && own.base !== client.updated_at) setProblem('conflict');
        setLoad({ kind: 'ready', client });
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof NotFoundError) return setLoad({ kind: 'not-found' });
        toastAndGo(
          { title: 'Erro ao carregar cliente', description: errorMessage(error, 'Tente novamente mais tarde.'), variant: 'destructive' },
          routes.list,
          { replace: true },
        );
      });
    return () => {
      active = false;
    };
  }, [editId, store, routes.list]);

  const change = (next: ClientFormValues) => {
    setValues(next);
    // A message goes once its field is fixed; new messages appear only on submit.
    setErrors((prev) => {
      const now = validateClientFields(next);
      const kept: ClientFieldErrors = {};
      for (const key of Object.keys(prev) as (keyof ClientFieldErrors)[]) if (now[key]) kept[key] = now[key];
      return kept;
    });
    store.save({ id: idRef.current, base: baseRef.current, values: next });
  };

  const discardDraft = () => {
    store.clear();
    setErrors({});
    setFailure(null);
    setRestored(false);
    setProblem(null);
    if (editId === null) {
      idRef.current = newId();
      setValues(EMPTY_CLIENT_FORM);
    } else if (load.kind === 'ready') {
      baseRef.current = load.client.updated_at;
      setValues(formValuesOf(load.client));
    }
  };

  /** The toast and the notice of a failed save: what failed, why (when known), and that the typed data was kept. */
  const failed = (title: string, reason: string) => {
    const lead = editId === null ? 'Não foi possível salvar o novo cliente.' : 'Não foi possível salvar as alterações.';
    const description = [lead, reason === GENERIC_SAVE_ERROR ? '' : reason, KEPT].filter(Boolean).join(' ');
    toast({ title, description, variant: 'destructive' });
    setFailure(description);
  };

  const submit = async () => {
    if (saving) return;
    setFailure(null);
    const found = validateClientFields(values);
    setErrors(found);
    if (found.full_name === CLIENT_MESSAGES.nameRequired || found.email === CLIENT_MESSAGES.emailRequired) {
      toast({ title: 'Campos obrigatórios', description: 'Nome completo e email são obrigatórios.', variant: 'destructive' });
      return;
    }
    if (found.email) {
      toast({ title: 'E-mail inválido', description: found.email, variant: 'destructive' });
      return;
    }
    if (Object.keys(found).length > 0) {
      toast({ title: 'Verifique os campos', description: Object.values(found).join(' '), variant: 'destructive' });
      return;
    }
    setSaving(true);
    const payload = toClientValues(audience, values);
    try {
      if (editId === null) {
        const created = await createClient(idRef.current, payload);
        store.clear();
        // The console's title is the product's own ('Cliente Adicionado!'); the CRM's says it without a gender.
        const title = audience === 'admin' ? 'Cliente Adicionado!' : 'Cliente cadastrado(a)!';
        toastAndGo({ title, description: `O cadastro de ${created.full_name} foi criado.` }, routes.list);
      } else {
        const updated = await updateClient(idRef.current, payload, baseRef.current ?? '');
        store.clear();
        toastAndGo({ title: 'Cadastro atualizado!', description: `As alterações de ${updated.full_name} foram salvas.` }, routes.detail(updated.id));
      }
      return;
    } catch (error) {
      const title = editId === null ? 'Erro ao adicionar cliente' : 'Erro ao atualizar cliente';
      if (error instanceof ConflictError) {
        setProblem('conflict');
        toast({ title, description: error.message, variant: 'destructive' });
      } else if (editId !== null && error instanceof NotFoundError) {
        failed(title, 'Este cliente não existe mais (foi excluído em outro lugar).');
      } else if (isSessionError(error)) {
        failed(title, 'Sua sessão expirou: entre novamente em outra aba e volte a salvar.');
      } else {
        failed(title, describeSaveError(error));
      }
    }
    setSaving(false);
  };

  /** After a conflict: load the current version; the typed values stay and are now saved over it. */
  const reloadCurrent = async () => {
    setReloading(true);
    try {
      const fresh = await getClient(idRef.current);
      baseRef.current = fresh.updated_at;
      store.save({ id: idRef.current, base: fresh.updated_at, values });
      setLoad({ kind: 'ready', client: fresh });
      setProblem('reloaded');
    } catch (error) {
      toast({ title: 'Erro ao carregar cliente', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  };

  return {
    routes,
    load,
    values,
    errors,
    saving,
    failure,
    problem,
    reloading,
    restored,
    staff,
    change,
    submit,
    discardDraft,
    reloadCurrent,
    clearDraft: store.clear,
  };
}
