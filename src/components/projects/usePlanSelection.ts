// What choosing a plan in the picker does: the plan's toasts ('Plano Selecionado!', and 'Plano Corporativo' after it
// for the enterprise plan) and a pending project created from the plan in the user's name, handed to `onCreated` so
// the screen shows it at once. A plan clicked again while its project is being created, or after it was created in
// the same opening of the picker (a double click), creates nothing more. A failed creation shows a pt-BR error toast;
// its id is kept, so choosing the plan again after an answer that was lost finds the stored project instead of making
// a second one.
import { useCallback, useEffect, useRef } from 'react';
import { planSelectionToasts, type Plan, type PlanId } from '../../lib/domain/plans';
import { createProjectFromPlan, type Project } from '../../lib/data/projects';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';

/** Time the first plan toast stays before the enterprise follow-up replaces it (one toast at a time). */
const FOLLOW_UP_DELAY = 2500;

interface Attempt {
  id: string;
  state: 'sending' | 'created' | 'failed';
}

export function usePlanSelection(onCreated: (project: Project) => void) {
  const attempts = useRef(new Map<PlanId, Attempt>());
  const followUp = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;

  useEffect(() => () => clearTimeout(followUp.current), []);

  /** A new opening of the picker: a plan created before may be chosen again for another project. */
  const reset = useCallback(() => {
    for (const [plan, attempt] of attempts.current) if (attempt.state === 'created') attempts.current.delete(plan);
  }, []);

  const select = useCallback((plan: Plan) => {
    const previous = attempts.current.get(plan.id);
    if (previous && previous.state !== 'failed') return;
    const attempt: Attempt = { id: previous?.id ?? newId(), state: 'sending' };
    attempts.current.set(plan.id, attempt);

    const [first, ...rest] = planSelectionToasts(plan);
    clearTimeout(followUp.current);
    toast(rest.length ? { ...first, duration: FOLLOW_UP_DELAY } : first);
    if (rest.length) followUp.current = setTimeout(() => rest.forEach((t) => toast(t)), FOLLOW_UP_DELAY);

    createProjectFromPlan(attempt.id, plan).then(
      (project) => {
        attempt.state = 'created';
        onCreatedRef.current(project);
      },
      (e: unknown) => {
        attempt.state = 'failed';
        clearTimeout(followUp.current);
        toast({ title: 'Erro ao criar projeto', description: errorMessage(e), variant: 'destructive' });
      },
    );
  }, []);

  return { select, reset };
}
