// A ticket's conversation, the same for the client and the staff: the first message, then every message in order with
// its author and pt-BR date and time (staff replies marked 'Resposta da Equipe', internal notes 'Nota interna' and
// drawn apart; the client never receives those), and the reply box. Text from people is shown as text, wrapped
// anywhere, in its own direction.
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/domain/format';
import type { TicketMessage } from '../../lib/data/tickets';
import { cn } from '../ui/cn';
import { ReplyBox, type ReplyKind } from './ReplyBox';
import type { PendingFile } from './attachments';
import { personLabel } from '../../lib/domain/profile-rules';

export type ConversationAudience = 'client' | 'admin';

interface Props {
  audience: ConversationAudience;
  ticket: { user_id: string; message_content: string; created_at: string; status: string };
  /** The ticket owner's name (or e-mail) as the screen knows it. */
  clientName: string;
  messages: TicketMessage[];
  /** 'Carregar mais' under the messages when the conversation has more than one page. */
  more?: ReactNode;
  onSend: (body: string, kind: ReplyKind, id: string) => Promise<boolean>;
  /** Where the reply box keeps unsent text in this tab. */
  draftKey?: string;
  /** The files under a message (null: the first one), and sending those chosen in the reply box. */
  attachments?: {
    render: (messageId: string | null) => ReactNode;
    send: (messageId: string, files: PendingFile[]) => Promise<PendingFile[]>;
  };
}

type Entry = { key: string; who: string; at: string; body: string; kind: 'client' | 'staff' | 'note' };

const TEXT = 'whitespace-pre-wrap break-words [overflow-wrap:anywhere] text-sm text-slate-800';

const look: Record<Entry['kind'], { box: string; tag: string | null }> = {
  client: { box: 'border-slate-200 bg-white', tag: null },
  staff: { box: 'border-brand-200 bg-brand-50 border-l-4 border-l-brand-500', tag: 'Resposta da Equipe' },
  note: { box: 'border-dashed border-amber-400 bg-amber-50', tag: 'Nota interna' },
};

function authorName(m: TicketMessage, ownerId: string, clientName: string): string {
  if (m.author_id === ownerId) return clientName;
  return personLabel(m.author) || 'Equipe';
}

export function Conversation({ audience, ticket, clientName, messages, more, onSend, draftKey, attachments }: Props) {
  const entries: Entry[] = [
    { key: 'first', who: clientName, at: ticket.created_at, body: ticket.message_content, kind: 'client' },
    ...messages.map(
      (m): Entry => ({
        key: m.id,
        who: authorName(m, ticket.user_id, clientName),
        at: m.created_at,
        body: m.body,
        kind: m.internal ? 'note' : m.author_id !== null && m.author_id === ticket.user_id ? 'client' : 'staff',
      }),
    ),
  ];
  const resolved = ticket.status === 'resolved';
  return (
    <section aria-labelledby="conversation-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="conversation-heading" className="text-lg font-semibold text-slate-900">
        Conversa
      </h2>
      <ol className="flex flex-col gap-3" data-testid="conversation">
        {entries.map((e) => (
          <li key={e.key}>
            <article
              aria-label={look[e.kind].tag ?? `Mensagem de ${e.who}`}
              data-kind={e.kind}
              className={cn('flex flex-col gap-2 rounded-lg border p-4', look[e.kind].box)}
            >
              <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                {look[e.kind].tag && (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      e.kind === 'note' ? 'bg-amber-200 text-amber-900' : 'bg-brand-100 text-brand-900',
                    )}
                  >
                    {look[e.kind].tag}
                  </span>
                )}
                <span dir="auto" className="min-w-0 break-words text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  {e.who}
                </span>
                <time dateTime={e.at} className="text-xs text-slate-600">
                  {formatDateTime(e.at)}
                </time>
              </header>
              <p dir="auto" className={TEXT}>
                {e.body}
              </p>
              {attachments?.render(e.key === 'first' ? null : e.key)}
            </article>
          </li>
        ))}
      </ol>
      {more}
      {resolved && audience === 'client' && (
        <p role="note" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          Este ticket foi resolvido. Se ainda precisar de ajuda, escreva uma resposta: ela reabre o ticket.
        </p>
      )}
      <ReplyBox audience={audience} onSend={onSend} draftKey={draftKey} attach={attachments?.send} />
    </section>
  );
}
