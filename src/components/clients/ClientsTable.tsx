import type { ReactNode } from 'react';
import type { ClientListItem } from '../../lib/data/clients';
import { Badge } from '../ui/Badge';
import { ClientStatusBadge } from './ClientStatusBadge';
import { EmailLink, PhoneLink } from './ContactLinks';
import { stacked } from '../crm/stackedTable';

type Audience = 'crm' | 'admin';

interface Props<T extends ClientListItem> {
  rows: readonly T[];
  /**
   * Whose list it is. The user's CRM titles the first column 'Nome Completo'; the admin console titles it 'Nome', adds
   * 'Gerente de Conta' and marks the clients that have a portal account.
   */
  audience: Audience;
  /** The content of a row's 'Ações' cell (the CRM's menu, the console's buttons). */
  actions: (row: T) => ReactNode;
  /** `data-testid` of each row, when the screen's tests look rows up by it. */
  rowTestId?: string;
}

const narrow = (classes: string) => classes.replace(/(^|\s)(md:)?px-4/g, '$1$2px-2');

/**
 * Per audience: the CRM's one menu button sits in the card's top-right corner. The console, beside its sidebar and
 * with one column more, packs its cells tighter, caps text columns at 8.5rem, and its three buttons close the card.
 */
const LAYOUT: Record<Audience, { th: string; td: string; title: string; tr: string; actions: string; capped: string }> = {
  crm: { th: stacked.th, td: stacked.td, title: stacked.tdTitle, tr: stacked.tr, actions: stacked.tdActions, capped: '' },
  admin: {
    th: narrow(stacked.th),
    td: narrow(stacked.td),
    title: narrow(stacked.tdTitle),
    tr: stacked.tr.replace(' pr-14', ''),
    actions:
      '-mb-2 -mr-2 flex justify-end pt-1 md:static md:mb-0 md:mr-0 md:table-cell md:whitespace-nowrap md:px-2 md:py-3 ' +
      'md:text-right md:align-top',
    capped: 'md:block md:max-w-[8.5rem]',
  },
};

/** The clients list of the CRM and of the admin console: a table from md up, one card per client on a phone. */
export function ClientsTable<T extends ClientListItem>({ rows, audience, actions, rowTestId }: Props<T>) {
  const admin = audience === 'admin';
  const l = LAYOUT[audience];
  return (
    <div className={stacked.wrapper} role="region" aria-label="Tabela de clientes" tabIndex={0}>
      <table role="table" className={stacked.table}>
        <thead role="rowgroup" className={stacked.thead}>
          <tr role="row">
            <th role="columnheader" scope="col" className={l.th}>{admin ? 'Nome' : 'Nome Completo'}</th>
            <th role="columnheader" scope="col" className={l.th}>Empresa</th>
            <th role="columnheader" scope="col" className={l.th}>Email</th>
            <th role="columnheader" scope="col" className={l.th}>Telefone</th>
            <th role="columnheader" scope="col" className={l.th}>Status</th>
            {admin && <th role="columnheader" scope="col" className={l.th}>Gerente de Conta</th>}
            <th role="columnheader" scope="col" className={`${l.th} md:text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.tbody}>
          {rows.map((row) => (
            <tr role="row" key={row.id} data-testid={rowTestId} data-client-id={row.id} className={l.tr}>
              <td role="cell" className={`${l.title} break-words font-medium text-slate-900 md:max-w-[16rem]`}>
                {admin ? (
                  <span className={`flex flex-col items-start gap-1 break-words ${l.capped}`}>
                    <span>{row.full_name}</span>
                    {row.has_account && (
                      <Badge tone="blue" className="font-medium">
                        Conta no portal
                      </Badge>
                    )}
                  </span>
                ) : (
                  row.full_name
                )}
              </td>
              <td role="cell" data-label="Empresa" className={`${l.td} break-words md:max-w-[14rem]`}>
                <span className={`min-w-0 break-words ${l.capped}`}>
                  {row.company_name || <span className="text-slate-500">—</span>}
                </span>
              </td>
              <td role="cell" data-label="Email" className={`${l.td} md:max-w-[16rem]`}>
                {admin ? (
                  // No room to wrap an address beside the manager column: one line, cut, whole on hover.
                  <span className="min-w-0 [overflow-wrap:anywhere] md:block md:max-w-[9rem] md:truncate" title={row.email}>
                    <EmailLink email={row.email} className="inline-block leading-6 md:whitespace-nowrap" />
                  </span>
                ) : (
                  <span className="min-w-0">
                    <EmailLink email={row.email} className="break-words" />
                  </span>
                )}
              </td>
              <td role="cell" data-label="Telefone" className={`${l.td} md:max-w-[12rem]`}>
                <span className="min-w-0">
                  <PhoneLink phone={row.phone} className="inline-block break-words leading-6" />
                </span>
              </td>
              <td role="cell" data-label="Status" className={l.td}>
                <ClientStatusBadge status={row.status} />
              </td>
              {admin && (
                <td role="cell" data-label="Gerente" className={`${l.td} break-words`}>
                  <span className={`min-w-0 break-words ${l.capped}`}>
                    {row.account_manager_name || <span className="text-slate-600">Não atribuído</span>}
                  </span>
                </td>
              )}
              <td role="cell" className={l.actions}>
                {actions(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
