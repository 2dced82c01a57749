import type { ReactNode } from 'react';
import type { ClientListItem } from '../../lib/data/clients';
import { Badge } from '../ui/Badge';
import { cn } from '../ui/cn';
import { Shown } from '../ui/Shown';
import { marks } from '../../lib/util/fill-marks';
import { clientRowFill, type ClientRowValues, type ContactKind } from './client-row-fill';
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
  /** The page's frame: the body is where the boot script paints the first rows. */
  frame?: boolean;
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
export function ClientsTable<T extends ClientListItem>({ rows, audience, actions, rowTestId, frame = false }: Props<T>) {
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
        <tbody role="rowgroup" className={stacked.tbody} {...(frame && { 'data-prepaint-rows': '' })}>
          {rows.map((row) => (
            <ClientTableRow key={row.id} row={row} audience={audience} actions={actions(row)} rowTestId={rowTestId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const m = marks<ClientRowValues>();
const linkClass = 'text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]';

/** An e-mail or phone: '—', a link or its text (ContactLinks' look), each variant marked for the filler. */
function Contact({ kind, text, href, field, linkExtra, textExtra }: {
  kind: ContactKind;
  text: string;
  href: string;
  field: 'email' | 'phone';
  linkExtra: string;
  textExtra: string;
}) {
  const kindKey = field === 'email' ? 'emailKind' : 'phoneKind';
  return (
    <>
      <Shown when={kind === 'none'} condition={m.when(kindKey, 'none')}>
        <span className="text-slate-500">—</span>
      </Shown>
      <Shown when={kind === 'link'} condition={m.when(kindKey, 'link')}>
        <a href={href} className={cn(linkClass, linkExtra)} {...m.attr({ href: field === 'email' ? 'emailHref' : 'phoneHref' })} {...m.text(field)}>
          {text}
        </a>
      </Shown>
      <Shown when={kind === 'text'} condition={m.when(kindKey, 'text')}>
        <span className={cn('[overflow-wrap:anywhere]', textExtra)} {...m.text(field)}>
          {text}
        </span>
      </Shown>
    </>
  );
}

/** One client's row, drawn from its fill values (client-row-fill.ts) with their marks. */
export function ClientTableRow({ row, audience, actions, rowTestId }: { row: ClientListItem; audience: Audience; actions: ReactNode; rowTestId?: string }) {
  const v = clientRowFill(row);
  const admin = audience === 'admin';
  const l = LAYOUT[audience];
  return (
    <tr role="row" data-testid={rowTestId} data-client-id={v.id} className={l.tr} {...m.attr({ 'data-client-id': 'id' })}>
      <td role="cell" className={`${l.title} break-words font-medium text-slate-900 md:max-w-[16rem]`}>
        {admin ? (
          <span className={`flex flex-col items-start gap-1 break-words ${l.capped}`}>
            <span {...m.text('name')}>{v.name}</span>
            <Shown when={v.hasAccount} condition={m.when('hasAccount')}>
              <Badge tone="blue" className="font-medium">
                Conta no portal
              </Badge>
            </Shown>
          </span>
        ) : (
          <span {...m.text('name')}>{v.name}</span>
        )}
      </td>
      <td role="cell" data-label="Empresa" className={`${l.td} break-words md:max-w-[14rem]`}>
        <span className={`min-w-0 break-words ${l.capped}`}>
          <Shown when={v.hasCompany} condition={m.when('hasCompany')}>
            <span {...m.text('company')}>{v.company}</span>
          </Shown>
          <Shown when={!v.hasCompany} condition={m.when('hasCompany', false)}>
            <span className="text-slate-500">—</span>
          </Shown>
        </span>
      </td>
      <td role="cell" data-label="Email" className={`${l.td} md:max-w-[16rem]`}>
        {admin ? (
          // No room to wrap an address beside the manager column: one line, cut, whole on hover.
          <span className="min-w-0 [overflow-wrap:anywhere] md:block md:max-w-[9rem] md:truncate" title={v.email} {...m.attr({ title: 'email' })}>
            <Contact kind={v.emailKind} text={v.email} href={v.emailHref} field="email" linkExtra="inline-block leading-6 md:whitespace-nowrap" textExtra="inline-block leading-6 md:whitespace-nowrap" />
          </span>
        ) : (
          <span className="min-w-0">
            <Contact kind={v.emailKind} text={v.email} href={v.emailHref} field="email" linkExtra="break-words" textExtra="break-words" />
          </span>
        )}
      </td>
      <td role="cell" data-label="Telefone" className={`${l.td} md:max-w-[12rem]`}>
        <span className="min-w-0">
          <Contact kind={v.phoneKind} text={v.phone} href={v.phoneHref} field="phone" linkExtra="whitespace-nowrap inline-block break-words leading-6" textExtra="inline-block break-words leading-6" />
        </span>
      </td>
      <td role="cell" data-label="Status" className={l.td}>
        <span className={v.statusClass} {...m.attr({ class: 'statusClass' })} {...m.text('statusLabel')}>
          {v.statusLabel}
        </span>
      </td>
      {admin && (
        <td role="cell" data-label="Gerente" className={`${l.td} break-words`}>
          <span className={`min-w-0 break-words ${l.capped}`}>
            <Shown when={v.hasManager} condition={m.when('hasManager')}>
              <span {...m.text('manager')}>{v.manager}</span>
            </Shown>
            <Shown when={!v.hasManager} condition={m.when('hasManager', false)}>
              <span className="text-slate-600">Não atribuído</span>
            </Shown>
          </span>
        </td>
      )}
      <td role="cell" className={l.actions}>
        {actions}
      </td>
    </tr>
  );
}
