// /support/{id}: one of the client's tickets as a conversation. Opening it is recorded in the database (the 'Nova
// resposta' mark and the sidebar count go away on every device); a reply on a resolved ticket reopens it.
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { getTicket, getTicketMessage, listTicketMessages, markTicketRead, sendTicketMessage, type Ticket } from '../lib/data/tickets';
import { refreshSupportBadge } from '../lib/stores/support-badge';
import { formatDateTime } from '../lib/domain/format';
import { Conversation } from '../components/support/Conversation';
import { TicketStatusBadge } from '../components/support/TicketStatusBadge';
import { TicketProject } from './support/TicketProject';
import { BackLink, TicketLoading, TicketUnavailable } from '../components/support/TicketScreenStates';
import { useTicketConversation } from './support/useTicketConversation';
import { useTicketAttachments } from './support/useTicketAttachments';
import { LoadMoreButton } from '../components/ui/ListFooter';

const BACK = { href: '/support', label: 'Voltar para o suporte' };

function opened(ticket: Ticket) {
  markTicketRead(ticket.id)
    .then(() => refreshSupportBadge('client'))
    .catch(() => undefined);
}

export default function SupportTicketScreen() {
  const { user } = useStore($auth);
  const convo = useTicketConversation<Ticket>({
    loadTicket: getTicket,
    loadMessages: (id, offset) => listTicketMessages(id, { offset }),
    send: ({ internal: _internal, ...message }) => sendTicketMessage(message),
    loadMessage: getTicketMessage,
    onOpened: opened,
  });
  const { view } = convo;
  const attachments = useTicketAttachments(view.kind === 'ready' ? view.ticket.id : null);
  if (view.kind === 'loading') return <TicketLoading />;
  if (view.kind !== 'ready') return <TicketUnavailable notFound={view.kind === 'not-found'} message={view.message} back={BACK} />;
  const { ticket } = view;
  const me = user?.user_metadata?.full_name || user?.email || 'Você';

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <BackLink {...BACK} />
      <header data-testid="ticket-header" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start gap-3">
          <h1 dir="auto" className="min-w-0 flex-1 break-words text-2xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
            {ticket.subject}
          </h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-xs text-slate-500">
          Criado em {formatDateTime(ticket.created_at)} · Atualizado em {formatDateTime(ticket.updated_at)}
        </p>
        <TicketProject projectId={ticket.project_id} audience="client" />
      </header>
      <Conversation
        audience="client"
        ticket={ticket}
        clientName={String(me)}
        messages={convo.messages}
        onSend={convo.send}
        attachments={attachments}
        draftKey={user ? `portal-ia:reply-draft:${user.id}:${ticket.id}` : undefined}
        more={<LoadMoreButton hasMore={convo.hasMore} loading={convo.loadingMore} onLoadMore={convo.loadMore} />}
      />
    </div>
  );
}
