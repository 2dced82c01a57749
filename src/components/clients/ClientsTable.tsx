import type { ReactNode } from 'react';
import type { ClientListItem } from '../../lib/data/clients';
import { Badge } from '../ui/Badge';
import { ClientStatusBadge } from './ClientStatusBadge';
import { EmailLink, PhoneLink } from './ContactLinks';
import { stacked } from '../crm/stackedTable';

interface Props<T extends ClientListItem> {
  rows: readonly T[];
  /**
   * Whose list it is. The user's CRM titles the first column 'Nome Completo'; the admin console titles it 'Nome', adds
   * 'Gerente de Conta' and marks the clients that have a portal account.
   */
  audience: 'crm' | 'admin';
  /** The content of a row's 'Ações' cell (the CRM's menu, the console's buttons). */
  actions: (row: T) => ReactNode;
  /** `data-testid` of each row, when the screen's tests look rows up by it. */
  rowTestId?: string;
}

const ACTIONS_FROM_MD = 'md:static md:mb-0 md:mr-0 md:table-cell md:whitespace-nowrap md:px-4 md:py-3 md:pt-3 md:text-right md:align-top';

/**
 * The clients list of the CRM and of the admin console: a table from md up, one card per client on a phone (each
 * cell labelled with its column), the actions in the card's top-right corner.
 */
export function ClientsTable<T extends ClientListItem>({ rows, audience, actions, rowTestId }: Props<T>) {
  const admin = audience === 'admin';
  // The CRM's one menu button sits in the card's top-right corner; the console's three buttons close the card.
  const rowClass = admin ? stacked.tr.replace(' pr-14', '') : stacked.tr;
  const actionsClass = admin ? `-mb-2 -mr-2 flex justify-end pt-1 ${ACTIONS_FROM_MD}` : stacked.tdActions;
  return (
    <div className={stacked.wrapper} role="region" aria-label="Tabela de clientes" tabIndex={0}>
      <table role="table" className={stacked.table}>
        <thead role="rowgroup" className={stacked.thead}>
          <tr role="row">
            <th role="columnheader" scope="col" className={stacked.th}>{admin ? 'Nome' : 'Nome Completo'}</th>
            <th role="columnheader" scope="col" className={stacked.th}>Empresa</th>
            <th role="columnheader" scope="col" className={stacked.th}>Email</th>
            <th role="columnheader" scope="col" className={stacked.th}>Telefone</th>
            <th role="columnheader" scope="col" className={stacked.th}>Status</th>
            {admin && <th role="columnheader" scope="col" className={stacked.th}>Gerente de Conta</th>}
            <th role="columnheader" scope="col" className={`${stacked.th} md:text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.tbody}>
          {rows.map((row) => (
            <tr role="row" key={row.id} data-testid={rowTestId} data-client-id={row.id} className={rowClass}>
              <td role="cell" className={`${stacked.tdTitle} break-words font-medium text-slate-900 md:max-w-[16rem]`}>
                <span className="[overflow-wrap:anywhere]">{row.full_name}</span>
                {admin && row.has_account && (
                  <Badge tone="blue" className="ml-2 align-middle font-medium">
                    Conta no portal
                  </Badge>
                )}
              </td>
              <td role="cell" data-label="Empresa" className={`${stacked.td} break-words md:max-w-[14rem]`}>
                <span className="min-w-0 break-words">{row.company_name || <span className="text-slate-500">—</span>}</span>
              </td>
              <td role="cell" data-label="Email" className={`${stacked.td} md:max-w-[16rem]`}>
                <span className="min-w-0">
                  <EmailLink email={row.email} className="break-words" />
                </span>
              </td>
              <td role="cell" data-label="Telefone" className={`${stacked.td} md:max-w-[12rem]`}>
                <span className="min-w-0">
                  <PhoneLink phone={row.phone} className="break-words" />
                </span>
              </td>
              <td role="cell" data-label="Status" className={stacked.td}>
                <ClientStatusBadge status={row.status} />
              </td>
              {admin && (
                <td role="cell" data-label="Gerente" className={`${stacked.td} break-words md:max-w-[12rem]`}>
                  <span className="min-w-0 break-words">
                    {row.account_manager_name || <span className="text-slate-600">Não atribuído</span>}
                  </span>
                </td>
              )}
              <td role="cell" className={actionsClass}>
                {actions(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
