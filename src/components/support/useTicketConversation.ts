// What both conversation screens do with one ticket: read it and its messages (the id comes from the URL), send a
// message with the id the reply box keeps across retries (a retry after a lost answer never stores it twice), and
// read the ticket again after a send so its status and updated_at are current. The data calls are passed in.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TicketMessage } from '../../lib/data/tickets';
import { NotFoundError } from '../../lib/data/data-errors';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import type { ReplyKind } from './ReplyBox';

type Page = { rows: TicketMessage[]; hasMore: boolean };

export interface ConversationSource<T> {
  loadTicket: (id: string) => Promise<T>;
  loadMessages: (id: string, offset: number) => Promise<Page>;
  send: (message: { id: string; ticketId: string; body: string; internal: boolean }) => Promise<TicketMessage>;
  /** Runs once the ticket is on screen (record the opening, refresh the sidebar's count). */
  onOpened?: (ticket: T) => void;
  /** Runs after a message is stored. */
  onSent?: (kind: ReplyKind) => void;
}

export type ConversationView<T> =
  | { kind: 'loading' }
  | { kind: 'not-found'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; ticket: T };

/** The last path segment: /support/{id} and /admin/support/{id}. */
export function ticketIdFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
}

export function useTicketConversation<T extends { id: string }>(source: ConversationSource<T>) {
  const [view, setView] = useState<ConversationView<T>>({ kind: 'loading' });
  const [messages, setMessages] = useState<TicketMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const ticketId = useRef('');
  const sourceRef = useRef(source);
  sourceRef.current = source;

  /** Reads the ticket and its first page of messages; `first` also runs onOpened and says a failure in a toast. */
  const load = useCallback(async (first: boolean, isActive: () => boolean = () => true) => {
    const { loadTicket, loadMessages, onOpened } = sourceRef.current;
    const id = ticketId.current;
    try {
      const [ticket, page] = await Promise.all([loadTicket(id), loadMessages(id, 0)]);
      if (!isActive()) return;
      setMessages(page.rows);
      setHasMore(page.hasMore);
      setView({ kind: 'ready', ticket });
      if (first) onOpened?.(ticket);
    } catch (error) {
      if (!isActive()) return;
      const message = errorMessage(error, 'Tente novamente mais tarde.');
      const notFound = error instanceof NotFoundError;
      if (first) setView({ kind: notFound ? 'not-found' : 'error', message });
      toast({ title: notFound ? 'Ticket não encontrado' : 'Erro ao carregar ticket', description: message, variant: 'destructive' });
    }
  }, []);

  useEffect(() => {
    let active = true;
    ticketId.current = ticketIdFromPath(window.location.pathname);
    void load(true, () => active);
    return () => {
      active = false;
    };
  }, [load]);

  /** Reads the ticket and the conversation again (after a status change that lost a race, for instance). */
  const reload = useCallback(() => load(false), [load]);

  const setTicket = useCallback((update: (ticket: T) => T) => {
    setView((v) => (v.kind === 'ready' ? { kind: 'ready', ticket: update(v.ticket) } : v));
  }, []);

  const loadMore = useCallback(() => {
    setLoadingMore(true);
    sourceRef.current
      .loadMessages(ticketId.current, messages.length)
      .then((page) => {
        setMessages((current) => {
          const seen = new Set(current.map((m) => m.id));
          return [...current, ...page.rows.filter((m) => !seen.has(m.id))];
        });
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) =>
        toast({ title: 'Erro ao carregar ticket', description: errorMessage(error), variant: 'destructive' }),
      )
      .finally(() => setLoadingMore(false));
  }, [messages.length]);

  /** Sends `body`; true once stored. A failure keeps the text on screen and says so. */
  const send = useCallback(async (body: string, kind: ReplyKind, id: string): Promise<boolean> => {
    const { send: store, loadTicket, onSent } = sourceRef.current;
    try {
      const message = await store({ id, ticketId: ticketId.current, body, internal: kind === 'note' });
      setMessages((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
      onSent?.(kind);
      try {
        const fresh = await loadTicket(ticketId.current);
        setTicket(() => fresh);
      } catch {
        // The message is stored; the header catches up on the next load.
      }
      return true;
    } catch (error) {
      toast({
        title: 'Erro ao enviar resposta',
        description: `${errorMessage(error)} Sua resposta foi mantida; tente novamente.`,
        variant: 'destructive',
      });
      return false;
    }
  }, [setTicket]);

  return { view, setTicket, messages, hasMore, loadingMore, loadMore, send, reload };
}
