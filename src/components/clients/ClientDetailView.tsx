// One client's page, for both audiences: name and company, 'Editar' (a link to the form) and 'Excluir', contact
// links, status, source and dates. The admin's page also shows the account manager and the internal notes; what
// follows (the portal account's projects and tickets) comes as children.
import type { ReactNode } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { AdminClientDetail } from '../../lib/data/clients';
import { clientSourceLabel } from '../../lib/domain/client-rules';
import { formatDateTime } from '../../lib/domain/format';
import { Badge } from '../ui/Badge';
import { buttonClasses, Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ClientStatusBadge } from './ClientStatusBadge';
import { EmailLink, PhoneLink } from './ContactLinks';
import type { ClientAudience } from './ClientForm';

interface ClientDetailViewProps {
  client: AdminClientDetail;
  audience: ClientAudience;
  editHref: string;
  deleting: boolean;
  onDelete: () => void;
  /** The page's heading when it is not the client's name (the CRM's 'Detalhes do Cliente'); the name then follows it. */
  title?: string;
  children?: ReactNode;
}

export const cardTitle = 'text-lg font-semibold leading-tight text-slate-900';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const none = (text: string) => <span className="text-slate-600">{text}</span>;

export function ClientDetailView({ client, audience, editHref, deleting, onDelete, title, children }: ClientDetailViewProps) {
  const admin = audience === 'admin';
  const source = clientSourceLabel(client.source);
  const nameClass = 'break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl [overflow-wrap:anywhere]';
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {title ? (
            <>
              <h1 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h1>
              <p className={`mt-1 ${nameClass}`}>{client.full_name}</p>
            </>
          ) : (
            <h1 className={nameClass}>{client.full_name}</h1>
          )}
          {client.company_name && <p className="mt-1 break-words text-slate-600">{client.company_name}</p>}
          {admin && client.account_user_id && (
            <Badge tone="blue" className="mt-2 font-medium">
              Conta no portal
            </Badge>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          <a href={editHref} className={buttonClasses('outline')}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Editar
          </a>
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
              <Item label="E-mail">
                <EmailLink email={client.email} />
              </Item>
              <Item label="Telefone">
                <PhoneLink phone={client.phone} />
              </Item>
              <Item label="Empresa">{client.company_name || none('—')}</Item>
              {admin && <Item label="Gerente de Conta">{client.manager?.full_name || none('Não atribuído')}</Item>}
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
              <Item label="Origem">{source || none('Não informada')}</Item>
              <Item label="Criado em">{formatDateTime(client.created_at)}</Item>
              <Item label="Última Atualização">{formatDateTime(client.updated_at)}</Item>
            </dl>
          </CardContent>
        </Card>
      </div>

      {admin && client.admin_notes && (
        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Notas Internas</h2>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{client.admin_notes}</p>
          </CardContent>
        </Card>
      )}

      {children}
    </div>
  );
}
