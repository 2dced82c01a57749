// 'Atividade Recente': the latest events of the activity log, each saying what happened (a link to the thing), who did
// it and when in pt-BR relative time. While loading, ten skeleton lines of the final height hold the space.
import Activity from 'lucide-react/icons/activity';
import {
  activityActor,
  activityHref,
  activityText,
  relativeTime,
  type ActivityEvent,
} from '../../lib/domain/figures-rules';
import { formatDateTime } from '../../lib/domain/format';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

interface Props {
  /** null while loading. */
  events: ActivityEvent[] | null;
  failed: boolean;
  onRetry: () => void;
  /** How many lines the skeleton shows (the feed's length). */
  size: number;
}

// One line is at least 4rem, as its skeleton: a longer text wraps on narrow screens instead of being cut.
const LINE = 'flex min-h-16 min-w-0 flex-col justify-center gap-1 py-2';

export function ActivityFeed({ events, failed, onRetry, size }: Props) {
  const now = new Date();
  return (
    <Card className="min-w-0 p-6 lg:col-span-2">
      <h2 id="activity-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Activity className="h-5 w-5 text-brand-600" aria-hidden="true" />
        Atividade Recente
      </h2>
      {failed ? (
        <div className="mt-4 flex min-h-[10rem] flex-col items-center justify-center gap-3 text-center" role="alert">
          <p className="text-sm text-slate-800">Não foi possível carregar a atividade recente.</p>
          <Button variant="outline" onClick={onRetry}>
            Tentar novamente
          </Button>
        </div>
      ) : events === null ? (
        <ul className="mt-4 divide-y divide-slate-100" aria-busy="true" aria-label="Carregando a atividade recente">
          {Array.from({ length: size }, (_, i) => (
            <li key={i} className={LINE}>
              <span className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <span className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      ) : events.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nenhuma atividade registrada ainda.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-labelledby="activity-heading" data-testid="activity-feed">
          {events.map((event) => {
            const href = activityHref(event);
            const text = activityText(event);
            return (
              <li key={event.id} className={LINE}>
                {href ? (
                  <a href={href} className="break-words text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                    {text}
                  </a>
                ) : (
                  <span className="break-words text-sm text-slate-800">{text}</span>
                )}
                <span className="text-xs text-slate-600">
                  por {activityActor(event)} ·{' '}
                  <time dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
                    {relativeTime(event.createdAt, now)}
                  </time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
