// /admin/settings: tabs of system settings. Only 'Geral' has fields; nothing is persisted yet,
// and the save button says so instead of pretending.
import { useState, type FormEvent } from 'react';
import { ADMIN_SETTINGS_DEFAULTS } from '../lib/domain/admin-sample';
import { toast } from '../lib/stores/toast';
import { Button } from '../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/Card';
import { FormField } from '../components/ui/FormField';
import { Input } from '../components/ui/Input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';

const PLACEHOLDERS: { value: string; label: string; title: string; text: string }[] = [
  { value: 'usuarios', label: 'Usuários', title: 'Usuários e Permissões', text: 'Convites, papéis e acesso da equipe ao portal.' },
  { value: 'seguranca', label: 'Segurança', title: 'Segurança', text: 'Políticas de senha, sessões ativas e autenticação em dois fatores.' },
  { value: 'notificacoes', label: 'Notificações', title: 'Notificações', text: 'Quais e-mails e alertas o sistema envia e para quem.' },
  { value: 'faturamento', label: 'Faturamento', title: 'Faturamento', text: 'Planos, meios de pagamento e notas fiscais.' },
  { value: 'integracoes', label: 'Integrações', title: 'Integrações', text: 'Conexões com CRM, ERP, e-mail marketing e outras ferramentas.' },
];

const title = 'text-lg font-semibold leading-tight text-slate-900';

function GeneralSettings() {
  const [appName, setAppName] = useState<string>(ADMIN_SETTINGS_DEFAULTS.appName);
  const [logoUrl, setLogoUrl] = useState<string>(ADMIN_SETTINGS_DEFAULTS.logoUrl);
  const [adminEmail, setAdminEmail] = useState<string>(ADMIN_SETTINGS_DEFAULTS.adminEmail);

  const save = (event: FormEvent) => {
    event.preventDefault();
    toast({
      title: 'Configurações ainda não são salvas',
      description: 'Esta tela é uma prévia: os valores digitados não foram gravados no servidor.',
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className={title}>Configurações Gerais</h2>
        <CardDescription>Nome, logotipo e contato principal do portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="grid max-w-xl gap-5">
          <FormField label="Nome do Aplicativo">
            <Input name="app_name" value={appName} onChange={(e) => setAppName(e.target.value)} />
          </FormField>
          <FormField label="URL do Logo">
            <Input
              name="logo_url"
              type="url"
              placeholder="https://exemplo.com.br/logo.png"
              value={logoUrl}
              onChange={(e) => setLogoUrl(e.target.value)}
            />
          </FormField>
          <FormField label="Email do Administrador Principal">
            <Input name="admin_email" type="email" value={adminEmail} onChange={(e) => setAdminEmail(e.target.value)} />
          </FormField>
          <p className="text-sm text-slate-600">O salvamento das configurações ainda não está disponível.</p>
          <div>
            <Button type="submit">Salvar Alterações</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export default function AdminSettingsScreen() {
  return (
    <Tabs defaultValue="geral">
      <TabsList aria-label="Seções das configurações" className="h-auto">
        <TabsTrigger value="geral">Geral</TabsTrigger>
        {PLACEHOLDERS.map((p) => (
          <TabsTrigger key={p.value} value={p.value}>
            {p.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="geral">
        <GeneralSettings />
      </TabsContent>
      {PLACEHOLDERS.map((p) => (
        <TabsContent key={p.value} value={p.value}>
          <Card>
            <CardHeader>
              <h2 className={title}>{p.title}</h2>
              <CardDescription>{p.text}</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                Em breve: esta seção ainda não tem opções configuráveis.
              </p>
            </CardContent>
          </Card>
        </TabsContent>
      ))}
    </Tabs>
  );
}
