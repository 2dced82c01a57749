// The admin's client detail, below the contact: the portal account's projects (status, progress, a link to the
// project) and its interactions (support tickets with their status, a link to the conversation).
import type { ReactNode } from 'react';
import Briefcase from 'lucide-react/icons/briefcase';
import MessagesSquare from 'lucide-react/icons/messages-square';
import type { AccountActivity } from '../../lib/data/client-links';
import { ticketStatusLabel } from '../../lib/domain/support-rules';
import { formatDate } from '../../lib/domain/format';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';
import { ProjectStatusBadge } from '../projects/ProjectStatusBadge';
import { cardTitle } from '../clients/ClientDetailView';

/** null while loading; 'error' when the lists could not be read; 'no-account' for a lead without a portal account. */
export type ActivityState = AccountActivity | null | 'error' | 'no-account';

const ticketTones: Record<string, BadgeTone> = { open: 'blue', in_progress: 'yellow', resolved: 'green' };
const wrap = 'min-w-0 break-words [overflow-wrap:anywhere]';

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      <span aria-hidden="true" className="text-slate-400">{icon}</span>
      {text}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className={cardTitle}>{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Pending({ state }: { state: null | 'error' }) {
  return state === null ? (
    <div className="flex justify-center py-6">
      <Spinner label="Carregando..." />
    </div>
  ) : (
    <p role="alert" className="text-sm text-red-700">
      Não foi possível carregar esta lista. Recarregue a página para tentar de novo.
    </p>
  );
}

export function ClientAccountActivity({ state }: { state: ActivityState }) {
  const noAccount = 'Este cliente ainda não tem conta no portal.';
  const ready = state !== null && state !== 'error' && state !== 'no-account' ? state : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title="Projetos Associados">
        {state === 'no-account' ? (
          <Empty icon={<Briefcase className="h-6 w-6" />} text={noAccount} />
        ) : !ready ? (
          <Pending state={state as null | 'error'} />
        ) : ready.projects.length === 0 ? (
          <Empty icon={<Briefcase className="h-6 w-6" />} text="Nenhum projeto associado a este cliente." />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Projetos do cliente">
            {ready.projects.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <a href={`/admin/projects/${encodeURIComponent(p.id)}`} className={`${wrap} font-medium text-brand-700 hover:underline`}>
                    {p.title}
                  </a>
                  <ProjectStatusBadge status={p.status} />
                </div>
                <ProgressBar value={p.progress ?? 0} label={`Progresso de ${p.title}`} showValue />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Interações">
        {state === 'no-account' ? (
          <Empty icon={<MessagesSquare className="h-6 w-6" />} text={noAccount} />
        ) : !ready ? (
          <Pending state={state as null | 'error'} />
        ) : ready.tickets.length === 0 ? (
          <Empty icon={<MessagesSquare className="h-6 w-6" />} text="Nenhuma interação registrada." />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Tickets do cliente">
            {ready.tickets.map((t) => (
              <li key={t.id} className="flex flex-wrap items-start justify-between gap-2 py-3 first:pt-0 last:pb-0">
                <div className={wrap}>
                  <a href={`/admin/support/${encodeURIComponent(t.id)}`} className={`${wrap} font-medium text-brand-700 hover:underline`}>
                    {t.subject}
                  </a>
                  <p className="text-xs text-slate-600">Aberto em {formatDate(t.created_at)}</p>
                </div>
                <Badge tone={Object.hasOwn(ticketTones, t.status) ? ticketTones[t.status] : 'gray'}>{ticketStatusLabel(t.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
