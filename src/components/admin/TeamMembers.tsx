// 'Equipe': one card per staff member with their open tasks and the tickets they answered in the last 30 days.
import UserRound from 'lucide-react/icons/user-round';
import type { TeamMember } from '../../lib/data/team';
import { personLabel } from '../../lib/domain/profile-rules';
import { Card } from '../ui/Card';

export function TeamMembers({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Membros da equipe">
      {members.map((m) => (
        <li key={m.id} data-testid="team-member">
          <Card className="flex h-full flex-col items-center gap-2 p-5 text-center">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800"
            >
              <UserRound className="h-6 w-6" />
            </span>
            <h3 className="break-words font-semibold text-slate-900 [overflow-wrap:anywhere]">{personLabel(m) || 'Sem nome'}</h3>
            {m.email && <p className="break-all text-xs text-slate-600">{m.email}</p>}
            <dl className="mt-2 grid w-full grid-cols-2 gap-2 text-sm">
              <div className="rounded-md bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">Tarefas abertas</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid="open-tasks">
                  {m.open_tasks.toLocaleString('pt-BR')}
                </dd>
              </div>
              <div className="rounded-md bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">Tickets respondidos (30 dias)</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid="tickets-answered">
                  {m.tickets_answered_30d.toLocaleString('pt-BR')}
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
