// Support (/support, 'Suporte ao Cliente'): the new-ticket form (optionally about one of the user's projects) and the
// user's tickets, each a link to its conversation at /support/{id} and marked 'Nova resposta' when the team replied
// since the user last opened it. A failed send keeps what was typed (also in sessionStorage) and a retry reuses the
// ticket's id. The list is live (a reply from the team appears without a reload). Files attached to the ticket go once
// it is stored; one that fails keeps the form as typed (with the failed files) and the retry sends only what is missing.
// `?cancelar=<project id>` (a project's 'Solicitar cancelamento') opens the form prefilled with the request to cancel
// that project.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { SessionExpiredError } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { createTicket, listTickets, type TicketListItem } from '../lib/data/tickets';
import { usePagedList } from './hooks/usePagedList';
import { useReloadOnReturn } from '../components/hooks/useReloadOnReturn';
import { useLiveTable } from './hooks/useLiveTable';
import { refreshSupportBadge } from '../lib/stores/support-badge';
import { toast } from '../lib/stores/toast';
import { Spinner } from '../components/ui/Spinner';
import { SessionExpiredNotice } from '../components/projects/SaveNotices';
import { TicketForm, type TicketFormValues } from '../components/support/TicketForm';
import { TicketItem } from '../components/support/TicketItem';
import { ticketDraft } from '../components/support/ticket-draft';
import { isUuid, newId } from '../lib/util/ids';
import { listProjectChoices } from '../lib/data/projects';
import { CANCEL_REQUEST } from '../lib/domain/support-rules';
import { PagedList } from '../components/ui/PagedList';
import { ScreenTitle } from '../components/shell/ScreenTitle';
import { AttachmentPicker } from '../components/support/AttachmentPicker';
import { attachmentFailureText, type PendingFile } from '../components/support/attachments';
import { sendAttachments } from './support/send-attachments';

/** The screen's first data calls (first page of tickets, the form's project choices), sent while the page parses. */
export const firstRequests = () => Promise.all([listTickets({ offset: 0 }), listProjectChoices()]);

export default function SupportScreen() {
  const { user } = useStore($auth);
  const userId = useRef(user?.id ?? '');
  const email = useRef(user?.email ?? '');
  // The draft is read in the first render, before the user can touch a field.
  const [restored] = useState(() => (userId.current ? ticketDraft(userId.current).load() : null));
  // A cancellation request asked for by the address starts a new ticket in place of the draft.
  const [cancelOf] = useState(() => {
    const id = new URLSearchParams(window.location.search).get(CANCEL_REQUEST.param) ?? '';
    return isUuid(id) ? id : null;
  });
  const [values, setValues] = useState<TicketFormValues>(() =>
    cancelOf
      ? { subject: CANCEL_REQUEST.subject, message: CANCEL_REQUEST.message, projectId: cancelOf }
      : { subject: restored?.subject ?? '', message: restored?.message ?? '', projectId: restored?.projectId ?? '' },
  );
  const pendingId = useRef<string | null>(cancelOf ? null : (restored?.pendingId ?? null));
  const [projects, setProjects] = useState<{ id: string; title: string }[] | null>(null);

  useEffect(() => {
    if (cancelOf) {
      // The request is now the form's draft: a reload keeps what is typed instead of starting it again.
      const url = new URL(window.location.href);
      url.searchParams.delete(CANCEL_REQUEST.param);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    let live = true;
    listProjectChoices().then(
      (rows) => {
        if (!live) return;
        setProjects(rows);
        // A project that is not (or no longer) the user's cannot be named.
        setValues((v) => (v.projectId && !rows.some((p) => p.id === v.projectId) ? { ...v, projectId: '' } : v));
      },
      () => live && setProjects([]),
    );
    return () => {
      live = false;
    };
  }, [cancelOf]);
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);

  const onListError = useCallback(
    (e: unknown) => toast({ title: 'Erro ao carregar tickets', description: errorMessage(e), variant: 'destructive' }),
    [],
  );
  const list = usePagedList<TicketListItem>((offset) => listTickets({ offset }), 'tickets', { enabled: true, onError: onListError });
  useReloadOnReturn(() => {
    list.reload();
    void refreshSupportBadge('client');
  });
  // Live: a reply, a status change or a new ticket (from another tab) shows in the list without a reload.
  useLiveTable('my-tickets', userId.current ? [{ table: 'support_tickets', filter: `user_id=eq.${userId.current}` }] : null, {
    refresh: list.refresh,
  });

  useEffect(() => {
    if (userId.current) ticketDraft(userId.current).save({ ...values, pendingId: pendingId.current });
  }, [values]);

  async function send() {
    if (sending) return;
    const subject = values.subject.trim();
    const message = values.message.trim();
    if (!subject || !message) {
      setShowErrors(true);
      toast({ title: 'Campos obrigatórios', description: 'Assunto e mensagem são obrigatórios.', variant: 'destructive' });
      return;
    }
    setShowErrors(false);
    setSending(true);
    pendingId.current ??= newId();
    ticketDraft(userId.current).save({ ...values, pendingId: pendingId.current });
    try {
      const ticket = await createTicket({ id: pendingId.current, subject, message, projectId: values.projectId || null });
      list.setRows((rows) => [{ ...ticket, new_reply: false }, ...rows.filter((t) => t.id !== ticket.id)]);
      const failed = await sendAttachments(ticket.id, null, files);
      if (failed.length > 0) {
        setFiles(failed);
        toast({ title: 'Erro ao enviar anexo', description: attachmentFailureText(failed, 'o ticket'), variant: 'destructive' });
        return;
      }
      setFiles([]);
      pendingId.current = null;
      setValues({ subject: '', message: '', projectId: '' });
      setSessionExpired(false);
      toast({ title: 'Ticket enviado!', description: 'Sua solicitação de suporte foi enviada.' });
    } catch (e) {
      if (e instanceof SessionExpiredError) setSessionExpired(true);
      toast({
        title: 'Erro ao enviar ticket',
        description: `${errorMessage(e)} Seus dados foram mantidos; tente novamente.`,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  async function signInAgain(password: string): Promise<boolean> {
    // Signing in again is rare: its code is fetched when asked for, not with the screen.
    const { signIn } = await import('../lib/stores/account-actions');
    const result = await signIn(email.current, password);
    if (!result.success) return false;
    setSessionExpired(false);
    await send();
    return true;
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <ScreenTitle title="Suporte ao Cliente" subtitle="Precisa de ajuda? Envie um ticket e acompanhe as respostas da nossa equipe." />
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="flex flex-col gap-4 lg:col-span-2">
          {sessionExpired && (
            <SessionExpiredNotice email={email.current} onSignIn={signInAgain} purpose="enviá-lo" actionLabel="Entrar e enviar" />
          )}
          <TicketForm
            subject={values.subject}
            message={values.message}
            projectId={values.projectId}
            projects={projects}
            sending={sending}
            showErrors={showErrors}
            onChange={setValues}
            onSubmit={send}
            attachments={<AttachmentPicker files={files} onChange={setFiles} disabled={sending} />}
          />
        </div>

        <section aria-labelledby="tickets-heading" className="flex min-w-0 flex-col gap-4 lg:col-span-3">
          <h2 id="tickets-heading" className="text-xl font-semibold text-slate-900">
            Seus Tickets de Suporte
          </h2>
          <PagedList
            list={list}
            loadingLabel="Carregando tickets..."
            loadingPanel={
              <div className="flex min-h-[12rem] items-center justify-center rounded-lg border border-slate-200 bg-white">
                <Spinner label="Carregando tickets..." />
              </div>
            }
            emptyPanel={
              <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
                Você ainda não enviou nenhum ticket de suporte.
              </p>
            }
            footer="load-more"
            dim={false}
          >
            {(rows) => (
              <ul className="flex flex-col gap-3">
                {rows.map((t) => (
                  <li key={t.id}>
                    <TicketItem ticket={t} newReply={t.new_reply} />
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </section>
      </div>
    </div>
  );
}
