// What a row of the clients table shows (the user's CRM and the admin console), as fill values
// (lib/util/fill-marks.ts): the row component renders from them, and /my-clients' boot script paints the same row from
// an early answer with them.
import type { ClientListItem } from '../../lib/data/clients';
import { clientStatusBadgeClass, clientStatusLabel, mailtoHref, telHref } from '../../lib/domain/client-rules';
import { badgeClass } from '../ui/badge-class';

/** How a contact is drawn: '—' when missing, a link when it is an address or number, else its text. */
export type ContactKind = 'none' | 'link' | 'text';
const kindOf = (value: string | null | undefined, href: string | null): ContactKind => (!value ? 'none' : href ? 'link' : 'text');

export function clientRowFill(row: ClientListItem) {
  const emailHref = row.email ? mailtoHref(row.email) : null;
  const phoneHref = telHref(row.phone);
  return {
    id: row.id,
    name: row.full_name,
    company: row.company_name || '',
    hasCompany: Boolean(row.company_name),
    email: row.email || '',
    emailKind: kindOf(row.email, emailHref),
    emailHref: emailHref ?? '',
    phone: row.phone || '',
    phoneKind: kindOf(row.phone, phoneHref),
    phoneHref: phoneHref ?? '',
    statusLabel: clientStatusLabel(row.status),
    statusClass: badgeClass({ colors: clientStatusBadgeClass(row.status) }),
    hasAccount: row.has_account === true,
    manager: row.account_manager_name || '',
    hasManager: Boolean(row.account_manager_name),
    actionsId: `client-actions-${row.id}`,
    actionsLabel: `Ações para ${row.full_name}`,
  };
}
export type ClientRowValues = ReturnType<typeof clientRowFill>;

/** The row a client's fill template is rendered with: any client does, every value the row shows is marked. */
export const TEMPLATE_CLIENT: ClientListItem = {
  id: '00000000-0000-4000-8000-000000000000',
  full_name: '',
  email: '',
  phone: null,
  company_name: null,
  status: '',
  source: null,
  created_at: '',
  account_manager_id: null,
};
