// /admin/support: the agency's support inbox. By default the tickets waiting for the agency, oldest waiting first;
// filters by status and 'Aguardando resposta', a search on subject or client name/e-mail across every matching ticket,
// 50 rows a page ('Carregar mais', paged by key). Live: a new ticket or message shows without a reload.
import { useCallback, useState } from 'react';
import { listInbox, type InboxRow } from '../lib/data/support-desk';
import { INBOX_STATUS_OPTIONS } from '../lib/domain/support-rules';
import type { TicketStatus } from '../lib/domain/status-codes';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { InboxTable } from '../components/support/InboxTable';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { usePagedList } from './hooks/usePagedList';
import { useReloadOnReturn } from '../components/hooks/useReloadOnReturn';
import { useLiveTable } from './hooks/useLiveTable';
import type { LiveBinding } from '../lib/data/live';
import { refreshSupportBadge } from '../lib/stores/support-badge';
import { Label } from '../components/ui/Label';
import { PagedList } from '../components/ui/PagedList';
import { SearchInput } from '../components/ui/SearchInput';
import { Select } from '../components/ui/Select';

/** What keeps the inbox live: any ticket change (new, status, reply) and any new message or note. */
const LIVE: LiveBinding[] = [{ table: 'support_tickets' }, { table: 'ticket_messages', event: 'INSERT' }];

/** The screen's first data call (waiting tickets, any status, no search), which the page also sends early. */
export const firstRequests = () => listInbox({ status: '', waitingOnly: true, search: '', after: null });

export default function AdminSupportScreen() {
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [waitingOnly, setWaitingOnly] = useState(true);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [now, setNow] = useState(() => Date.now());

  const onError = useCallback(
    (e: unknown) => toast({ title: 'Erro ao carregar tickets', description: errorMessage(e), variant: 'destructive' }),
    [],
  );
  const list = usePagedList<InboxRow>(
    (_offset, after) => {
      setNow(Date.now());
      return listInbox({ status, waitingOnly, search, after });
    },
    JSON.stringify([status, waitingOnly, search]),
    { enabled: true, onError },
  );
  useReloadOnReturn(() => {
    list.reload();
    void refreshSupportBadge('staff');
  });
  useLiveTable('inbox', LIVE, {
    refresh: () => {
      setNow(Date.now());
      list.refresh();
    },
  });

  const filtered = Boolean(search) || status !== '';
  return (
    <div>
      <AdminPageHeader
        title="Suporte ao Cliente"
        description="Os tickets dos clientes. Por padrão, os que aguardam resposta da equipe, do que espera há mais tempo."
      />

      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end">
        <SearchInput
          id="inbox-search"
          value={searchInput}
          onChange={setSearchInput}
          label="Buscar tickets"
          placeholder="Buscar por assunto, nome ou e-mail do cliente..."
          className="md:max-w-md md:flex-1"
        />
        <div>
          <Label htmlFor="inbox-status" className="sr-only">
            Filtrar por status
          </Label>
          <Select id="inbox-status" value={status} onChange={(e) => setStatus(e.target.value as TicketStatus | '')}>
            {INBOX_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={waitingOnly}
            onChange={(e) => setWaitingOnly(e.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          Aguardando resposta
        </label>
      </div>

      <PagedList
        list={list}
        section="Caixa de entrada do suporte"
        loadingLabel="Carregando tickets..."
        errorText="Erro ao carregar tickets."
        filtered={filtered}
        emptyFiltered={<p className="text-sm text-slate-600">Nenhum ticket corresponde aos filtros.</p>}
        empty={
          <p className="text-sm text-slate-600">{waitingOnly ? 'Nenhum ticket aguardando resposta.' : 'Nenhum ticket de suporte ainda.'}</p>
        }
        footer={{ noun: 'tickets', total: null }}
        footerAlways
      >
        {(rows) => <InboxTable rows={rows} now={now} />}
      </PagedList>
    </div>
  );
}
