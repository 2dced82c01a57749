// 'Acesso Rápido' of the admin dashboard.
import { Card } from '../ui/Card';

const QUICK_LINKS = [
  { href: '/admin/clients/new', label: 'Adicionar cliente', description: 'Cadastre um novo cliente da agência.' },
  { href: '/admin/clients', label: 'Ver clientes', description: 'Lista de todos os clientes.' },
  { href: '/admin/analytics', label: 'Relatórios', description: 'Analytics e relatórios.' },
  { href: '/admin/billing', label: 'Faturamento', description: 'Projetos com plano, preços e totais por plano.' },
] as const;

export function QuickLinks() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Acesso Rápido</h2>
      <ul className="mt-4 space-y-2">
        {QUICK_LINKS.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="block rounded-md border border-slate-200 p-3 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <span className="block text-sm font-medium text-brand-700">{link.label}</span>
              <span className="block text-xs text-slate-600">{link.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
