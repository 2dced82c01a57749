// The parts of /my-clients ('Gestão de Clientes (CRM)') drawn both by the screen's island and by the frame the page
// paints from its HTML before the island starts: the header, the filters, and in the frame the status overview still
// loading and the table, hidden until the page's boot script paints its first rows into it (src/boot/paint-list.ts).
import Plus from 'lucide-react/icons/plus';
import { CLIENT_STATUS_OPTIONS } from '../../lib/domain/client-rules';
import { ClientsTable } from '../clients/ClientsTable';
import { ScreenTitle } from '../shell/ScreenTitle';
import { buttonClasses } from '../ui/Button';
import { SearchInput } from '../ui/SearchInput';
import { Select } from '../ui/Select';
import { ClientStatusOverview } from './ClientStatusOverview';

/** The list's name for its kept and pre-painted rows. */
export const CLIENT_LIST = 'my-clients';
/** The key of one filter combination of `userId`'s list. */
export const clientListKey = (userId: string, search: string, status: string) => `${userId}|${search}|${status}`;

export function MyClientsHeader() {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <ScreenTitle title="Gestão de Clientes (CRM)" subtitle="Acompanhe seus clientes e o status de cada relacionamento." small />
      <a href="/my-clients/new" className={buttonClasses('default', 'default', 'self-start sm:self-auto')}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Adicionar Cliente
      </a>
    </header>
  );
}

interface FilterProps {
  search: string;
  onSearch: (value: string) => void;
  status: string;
  onStatus: (value: string) => void;
}

/** The names of the filters' controls (how the screen finds what was typed in the frame). */
export const CLIENT_FILTER_NAMES = { search: 'Buscar cliente', status: 'Filtrar por status' } as const;

export function ClientFilters({ search, onSearch, status, onStatus }: FilterProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchInput value={search} onChange={onSearch} label={CLIENT_FILTER_NAMES.search} placeholder="Buscar cliente..." className="flex-1" />
      <Select value={status} onChange={(e) => onStatus(e.target.value)} aria-label={CLIENT_FILTER_NAMES.status} className="sm:w-56">
        <option value="">Todos os status</option>
        {CLIENT_STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

const ignore = () => undefined;

export function MyClientsFrame() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-screen-fallback="">
      <MyClientsHeader />
      <ClientStatusOverview counts={null} showChart={false} />
      <section aria-label="Lista de clientes" className="flex flex-col gap-4">
        <ClientFilters search="" onSearch={ignore} status="" onStatus={ignore} />
        <div hidden data-prepaint-reveal="">
          <ClientsTable rows={[]} audience="crm" actions={() => null} frame />
        </div>
      </section>
    </div>
  );
}
