// /admin/settings: 'Geral' reads and saves the portal's settings (only admins may write; the database checks the
// values again), 'Usuários' lists the accounts and their roles read-only, 'Faturamento' holds the agency's Pix data
// and billing day, and the other tabs say they are not available yet.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { setAppSettings } from '../lib/stores/app-settings';
import { toast } from '../lib/stores/toast';
import { getAppSettings, updateAppSettings } from '../lib/data/app-settings';
import { DataError } from '../lib/data/data-errors';
import { listAccounts, type Account } from '../lib/data/team';
import {
  settingsFieldOfMessage,
  settingsToFormValues,
  validateSettingsForm,
  type SettingsErrors,
  type SettingsField,
  type SettingsFormValues,
} from '../lib/domain/settings-rules';
import { errorMessage } from '../lib/util/error-message';
import { usePagedList } from './hooks/usePagedList';
import { AccountsTable } from '../components/admin/AccountsTable';
import { GeneralSettingsForm, settingsFieldId } from '../components/admin/GeneralSettingsForm';
import { settingsDraft } from '../components/admin/settings-draft';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/Card';
import { PagedList } from '../components/ui/PagedList';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';
import { BillingSettings } from './billing/BillingSettings';

const NOT_AVAILABLE: { value: string; label: string }[] = [
  { value: 'seguranca', label: 'Segurança' },
  { value: 'notificacoes', label: 'Notificações' },
  { value: 'faturamento', label: 'Faturamento' },
  { value: 'integracoes', label: 'Integrações' },
];

const title = 'text-lg font-semibold leading-tight text-slate-900';
const EMPTY: SettingsFormValues = { app_name: '', logo_url: '', admin_email: '', contact_email: '' };
const KEPT = 'Seus dados foram mantidos no formulário.';

function GeneralSettings({ userId }: { userId: string }) {
  const draft = settingsDraft(userId);
  const [initialDraft] = useState(() => draft.load());
  const [values, setValues] = useState<SettingsFormValues>(initialDraft ?? EMPTY);
  const [restored, setRestored] = useState(initialDraft !== null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  useEffect(() => {
    let live = true;
    getAppSettings()
      .then((settings) => {
        if (!live) return;
        // A draft typed earlier wins over the stored values until it is saved.
        if (!initialDraft) setValues(settingsToFormValues(settings));
        setLoading(false);
      })
      .catch((error) => {
        if (!live) return;
        setLoading(false);
        toast({ title: 'Erro ao carregar configurações', description: errorMessage(error, 'Não foi possível carregar as configurações.'), variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, [initialDraft]);

  function change(field: SettingsField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((e) => ({ ...e, [field]: undefined }));
    draft.save(next);
  }

  function showErrors(found: SettingsErrors) {
    setErrors(found);
    const first = (['app_name', 'logo_url', 'admin_email', 'contact_email'] as const).find((f) => found[f]);
    if (first) requestAnimationFrame(() => document.getElementById(settingsFieldId(first))?.focus());
  }

  async function save() {
    if (savingRef.current || loading) return;
    const checked = validateSettingsForm(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      toast({ title: 'Verifique os campos', description: 'Corrija os campos destacados para salvar.', variant: 'destructive' });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const saved = await updateAppSettings(checked.input);
      draft.clear();
      setRestored(false);
      setValues(settingsToFormValues(saved));
      setErrors({});
      setAppSettings(saved);
      toast({ title: 'Configurações salvas', description: 'As novas configurações já valem para todo o portal.' });
    } catch (error) {
      draft.save(values);
      const message = errorMessage(error, 'Não foi possível salvar as configurações.');
      const field = error instanceof DataError && error.code === '23514' ? settingsFieldOfMessage(message) : null;
      if (field) showErrors({ [field]: message });
      toast({ title: 'Erro ao salvar configurações', description: `${message} ${KEPT}`, variant: 'destructive' });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className={title}>Configurações Gerais</h2>
        <CardDescription>Nome, logotipo e contato principal do portal, como a área logada os mostra.</CardDescription>
      </CardHeader>
      <CardContent>
        <GeneralSettingsForm
          values={values}
          errors={errors}
          onChange={change}
          onSubmit={() => void save()}
          loading={loading}
          saving={saving}
          restored={restored}
        />
      </CardContent>
    </Card>
  );
}

function UsersSettings() {
  const list = usePagedList<Account>((offset) => listAccounts({ offset }), 'accounts', {
    enabled: true,
    onError: (error) =>
      toast({ title: 'Erro ao carregar contas', description: errorMessage(error, 'Não foi possível buscar as contas.'), variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <h2 className={title}>Usuários e Permissões</h2>
        <CardDescription>
          As contas do portal e seus papéis, somente para consulta. Para tornar uma conta administradora, use o comando{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">npm run admin:grant</code> no servidor do
          portal.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PagedList
          list={list}
          loadingLabel="Carregando contas..."
          errorText="Não foi possível buscar as contas."
          footer={{ noun: ['conta', 'contas'], total: null }}
          dim={false}
        >
          {(rows) => <AccountsTable rows={rows} />}
        </PagedList>
      </CardContent>
    </Card>
  );
}

export default function AdminSettingsScreen() {
  const { user } = useStore($auth);
  return (
    <Tabs defaultValue="geral">
      <TabsList aria-label="Seções das configurações" className="h-auto">
        <TabsTrigger value="geral">Geral</TabsTrigger>
        <TabsTrigger value="usuarios">Usuários</TabsTrigger>
        {NOT_AVAILABLE.map((p) => (
          <TabsTrigger key={p.value} value={p.value}>
            {p.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="geral" className="mt-4">
        <GeneralSettings userId={user?.id ?? ''} />
      </TabsContent>
      <TabsContent value="usuarios" className="mt-4">
        <UsersSettings />
      </TabsContent>
      {NOT_AVAILABLE.map((p) => (
        <TabsContent key={p.value} value={p.value} className="mt-4">
          {p.value === 'faturamento' ? <BillingSettings /> : (
          <Card>
            <CardHeader>
              <h2 className={title}>{p.label}</h2>
            </CardHeader>
            <CardContent>
              <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                Esta seção ainda não está disponível: o portal não tem opções de {p.label.toLowerCase()} para configurar
                por enquanto.
              </p>
            </CardContent>
          </Card>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
