// What both conversation screens do with one ticket: read it and its messages (the id comes from the URL), send a
// message with the id the reply box keeps across retries (a retry after a lost answer never stores it twice), and
// read the ticket again after a send so its status and updated_at are current. The data calls are passed in.
// The screen is live: a message or a change of the ticket made elsewhere (the other side, another tab) appears without
// a reload, merged by id with what this tab sent itself, so nothing shows twice.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TicketMessage } from '../../lib/data/tickets';
import type { LiveBinding, LiveChange } from '../../lib/data/live';
import { changedId, oldestFirst, removeRow, unionRows, upsertRow } from '../../lib/data/live-rows';
import { useLiveTable } from '../hooks/useLiveTable';
import { NotFoundError } from '../../lib/data/data-errors';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import type { ReplyKind } from '../../components/support/ReplyBox';

type Page = { rows: TicketMessage[]; hasMore: boolean };

export interface ConversationSource<T> {
  loadTicket: (id: string) => Promise<T>;
  loadMessages: (id: string, offset: number) => Promise<Page>;
  send: (message: { id: string; ticketId: string; body: string; internal: boolean }) => Promise<TicketMessage>;
  /** One message with its author by id (null when it is gone or hidden from the caller): for live changes. */
  loadMessage: (id: string) => Promise<TicketMessage | null>;
  /**
   * Runs once the ticket is on screen (record the opening, refresh the sidebar's count), and again when a message
   * from elsewhere arrives while the page is visible (it has been seen).
   */
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

  const ready = view.kind === 'ready';
  const [watchedId] = useState(() => ticketIdFromPath(window.location.pathname));
  const bindings = useMemo<LiveBinding[] | null>(
    () =>
      ready
        ? [
            { table: 'ticket_messages', filter: `ticket_id=eq.${watchedId}` },
            { table: 'support_tickets', event: 'UPDATE', filter: `id=eq.${watchedId}` },
          ]
        : null,
    [ready, watchedId],
  );
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const viewRef = useRef(view);
  viewRef.current = view;

  const onChange = useCallback(
    (change: LiveChange) => {
      const id = changedId(change);
      if (!id) return;
      if (change.table === 'support_tickets') {
        // The row carries every column the user may read; the screen's extras (the staff's client) stay.
        if (change.row) setTicket((t) => ({ ...t, ...(change.row as Partial<T>), id: t.id }));
        return;
      }
      if (change.event === 'DELETE') {
        setMessages((current) => removeRow(current, id));
        return;
      }
      const isNew = !messagesRef.current.some((m) => m.id === id);
      sourceRef.current
        .loadMessage(id)
        .then((message) => {
          setMessages((current) => (message ? upsertRow(current, message, oldestFirst) : removeRow(current, id)));
          const v = viewRef.current;
          if (message && isNew && v.kind === 'ready' && document.visibilityState === 'visible') sourceRef.current.onOpened?.(v.ticket);
        })
        .catch(() => undefined); // the next change or reconnection reads it again
    },
    [setTicket],
  );

  /** After (re)joining: what changed while nothing listened, merged into what is on screen. */
  const catchUp = useCallback(() => {
    const { loadTicket, loadMessages } = sourceRef.current;
    Promise.all([loadTicket(watchedId), loadMessages(watchedId, 0)])
      .then(([ticket, page]) => {
        setTicket(() => ticket);
        setMessages((current) => unionRows(current, page.rows, oldestFirst));
      })
      .catch(() => undefined);
  }, [setTicket, watchedId]);

  useLiveTable('ticket', bindings, { onChange, refresh: catchUp });

  return { view, setTicket, messages, hasMore, loadingMore, loadMore, send, reload };
}
