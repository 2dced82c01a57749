import type { ReactNode } from 'react';
import { Briefcase, MessagesSquare, Pencil, Trash2 } from 'lucide-react';
import type { AdminClientDetail } from '../../lib/data/clients';
import { clientSourceLabel } from '../../lib/domain/client-rules';
import { formatDateTime } from '../../lib/domain/format';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ClientStatusBadge } from '../clients/ClientStatusBadge';
import { EmailLink, PhoneLink } from '../clients/ContactLinks';

interface ClientDetailViewProps {
  client: AdminClientDetail;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

const cardTitle = 'text-lg font-semibold leading-tight text-slate-900';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      <span aria-hidden="true" className="text-slate-400">{icon}</span>
      {text}
    </div>
  );
}

/** Everything the admin knows about one client. */
export function ClientDetailView({ client, deleting, onEdit, onDelete }: ClientDetailViewProps) {
  const source = clientSourceLabel(client.source);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{client.full_name}</h1>
          {client.company_name && <p className="mt-1 break-words text-slate-600">{client.company_name}</p>}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Editar
          </Button>
          <Button variant="destructive" onClick={onDelete} loading={deleting}>
            {!deleting && <Trash2 className="h-4 w-4" aria-hidden="true" />}
            {deleting ? 'Excluindo...' : 'Excluir'}
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <h2 className={cardTitle}>Informações de Contato</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Nome Completo">{client.full_name}</Item>
              <Item label="Email">
                <EmailLink email={client.email} />
              </Item>
              <Item label="Telefone">
                <PhoneLink phone={client.phone} />
              </Item>
              <Item label="Empresa">{client.company_name || <span className="text-slate-600">—</span>}</Item>
              <Item label="Gerente de Conta">
                {client.manager?.full_name || <span className="text-slate-600">Não atribuído</span>}
              </Item>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Status e Origem</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              <Item label="Status">
                <ClientStatusBadge status={client.status} />
              </Item>
              <Item label="Origem">{source || <span className="text-slate-600">Não informada</span>}</Item>
              <Item label="Criado em">{formatDateTime(client.created_at)}</Item>
              <Item label="Última Atualização">{formatDateTime(client.updated_at)}</Item>
            </dl>
          </CardContent>
        </Card>
      </div>

      {client.admin_notes && (
        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Notas Internas</h2>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{client.admin_notes}</p>
          </CardContent>
        </Card>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Projetos Associados</h2>
          </CardHeader>
          <CardContent>
            <Empty icon={<Briefcase className="h-6 w-6" />} text="Nenhum projeto associado a este cliente." />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Interações</h2>
          </CardHeader>
          <CardContent>
            <Empty icon={<MessagesSquare className="h-6 w-6" />} text="Nenhuma interação registrada." />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
