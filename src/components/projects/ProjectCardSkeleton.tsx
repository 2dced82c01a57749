// Placeholder cards with the size of real project cards, shown while a list loads (holds the space),
// with one spinner announced to assistive technology.
import { Card } from '../ui/Card';
import { Spinner } from '../ui/Spinner';

export function ProjectCardSkeleton() {
  return (
    <Card className="flex h-full min-h-[15rem] flex-col gap-3 p-5">
      <div className="h-5 w-28 animate-pulse rounded-full bg-slate-200" />
      <div className="h-6 w-3/4 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
      <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
      <div className="h-2 w-full animate-pulse rounded-full bg-slate-100" />
      <div className="mt-auto h-8 w-28 animate-pulse rounded-md bg-slate-200" />
    </Card>
  );
}

/** A grid of `count` skeleton cards under a centred spinner ('Carregando projetos...'). */
export function ProjectGridSkeleton({ count, className }: { count: number; className: string }) {
  return (
    <div className="relative">
      <div aria-hidden="true" className={className}>
        {Array.from({ length: count }, (_, i) => (
          <ProjectCardSkeleton key={i} />
        ))}
      </div>
      <div className="absolute inset-x-0 top-16 flex justify-center">
        <Spinner label="Carregando projetos..." size="lg" />
      </div>
    </div>
  );
}
