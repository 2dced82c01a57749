// /admin/support/{id}: one ticket for the staff: the whole conversation with the internal notes, a reply box that
// sends a reply to the client or an internal note, the status (changed with or without a reply; a change that lost a
// race with someone else is reported and the current status shown, never overwritten) and the client. Live: the
// client's messages and status changes appear without a reload, and the staff see who else has the ticket open and
// who is typing a reply.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { ConflictError } from '../lib/data/data-errors';
import { getStaffTicket, sendStaffMessage, setTicketStatus, type StaffTicket } from '../lib/data/support-desk';
import { getTicketMessage, listTicketMessages, markTicketRead } from '../lib/data/tickets';
import type { TicketStatus } from '../lib/domain/status-codes';
import { refreshSupportBadge } from '../lib/stores/support-badge';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { Conversation } from '../components/support/Conversation';
import { TicketSidePanel } from '../components/support/TicketSidePanel';
import { TicketProject } from './support/TicketProject';
import { TicketStatusBadge } from '../components/support/TicketStatusBadge';
import { BackLink, TicketLoading, TicketUnavailable } from '../components/support/TicketScreenStates';
import { useTicketConversation } from './support/useTicketConversation';
import { useTicketAttachments } from './support/useTicketAttachments';
import { LoadMoreButton } from '../components/ui/ListFooter';
import { PresenceNotice } from '../components/support/PresenceNotice';
import { useTicketPresence } from './support/useTicketPresence';
import { personLabel } from '../lib/domain/profile-rules';

const BACK = { href: '/admin/support', label: 'Voltar para a caixa de entrada' };

export default function AdminSupportTicketScreen() {
  const [savingStatus, setSavingStatus] = useState(false);
  const convo = useTicketConversation<StaffTicket>({
    loadTicket: getStaffTicket,
    loadMessages: (id, offset) => listTicketMessages(id, { offset }),
    send: sendStaffMessage,
    loadMessage: getTicketMessage,
    onOpened: (ticket) => void markTicketRead(ticket.id).catch(() => undefined),
    onSent: (kind) => {
      toast({ title: kind === 'note' ? 'Nota adicionada' : 'Resposta enviada' });
      void refreshSupportBadge('staff');
    },
  });
  const { view, setTicket } = convo;
  const { user } = useStore($auth);
  const me = useMemo(
    () => (user ? { id: user.id, name: String(user.user_metadata?.full_name || user.email || 'Equipe') } : null),
    [user],
  );
  const presence = useTicketPresence(view.kind === 'ready' ? view.ticket.id : null, me);
  const attachments = useTicketAttachments(view.kind === 'ready' ? view.ticket.id : null);
  if (view.kind === 'loading') return <TicketLoading />;
  if (view.kind !== 'ready') return <TicketUnavailable notFound={view.kind === 'not-found'} message={view.message} back={BACK} />;
  const { ticket } = view;
  const clientName = personLabel(ticket.client) || 'Cliente';

  async function changeStatus(next: TicketStatus) {
    if (next === ticket.status || savingStatus) return;
    setSavingStatus(true);
    try {
      const saved = await setTicketStatus(ticket.id, next, ticket.updated_at);
      setTicket((t) => ({ ...t, ...saved, client: t.client }));
      toast({ title: 'Status atualizado' });
      void refreshSupportBadge('staff');
    } catch (error) {
      toast({
        title: error instanceof ConflictError ? 'Status não atualizado' : 'Erro ao atualizar status',
        description: errorMessage(error),
        variant: 'destructive',
      });
      // Show what changed meanwhile (a status, a message); the choice is the user's to make again.
      if (error instanceof ConflictError) await convo.reload();
    } finally {
      setSavingStatus(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <BackLink {...BACK} />
      <header data-testid="ticket-header" className="flex flex-wrap items-start gap-3">
        <h1 dir="auto" className="min-w-0 flex-1 break-words text-2xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
          {ticket.subject}
        </h1>
        <TicketStatusBadge status={ticket.status} />
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div
          className="flex min-w-0 flex-col gap-3 lg:col-span-2"
          onInput={(e) => {
            if (e.target instanceof HTMLTextAreaElement) presence.typed(e.target.value);
          }}
        >
          <Conversation
            audience="admin"
            ticket={ticket}
            clientName={clientName}
            messages={convo.messages}
            onSend={(...args) => {
              presence.stopTyping();
              return convo.send(...args);
            }}
            attachments={attachments}
            draftKey={`portal-ia:staff-reply-draft:${ticket.id}`}
            more={<LoadMoreButton hasMore={convo.hasMore} loading={convo.loadingMore} onLoadMore={convo.loadMore} />}
          />
          <PresenceNotice peers={presence.peers} />
        </div>
        <TicketSidePanel
          status={ticket.status}
          savingStatus={savingStatus}
          onStatusChange={(s) => void changeStatus(s)}
          client={{ name: clientName, email: ticket.client?.email ?? '' }}
          project={ticket.project_id ? <TicketProject projectId={ticket.project_id} audience="admin" /> : null}
          createdAt={ticket.created_at}
          updatedAt={ticket.updated_at}
        />
      </div>
    </div>
  );
}
