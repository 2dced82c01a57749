// Where each audience's client screens live: the admin console's and the user's own CRM.
import type { ClientAudience } from './ClientForm';

export const CLIENT_ROUTES: Record<ClientAudience, { list: string; detail: (id: string) => string; edit: (id: string) => string }> = {
  admin: {
    list: '/admin/clients',
    detail: (id) => `/admin/clients/${encodeURIComponent(id)}`,
    edit: (id) => `/admin/clients/edit/${encodeURIComponent(id)}`,
  },
  crm: {
    list: '/my-clients',
    detail: (id) => `/my-clients/${encodeURIComponent(id)}`,
    edit: (id) => `/my-clients/edit/${encodeURIComponent(id)}`,
  },
};
