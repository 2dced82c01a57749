// What choosing a plan in the picker does: a pending project created from the plan in the user's name, handed to
// `onCreated` so the screen shows it at once, and then the toast that says so ('Projeto criado!': the agency gets in
// touch; the portal has no payment step). A plan clicked again while its project is being created, or after it was
// created in the same opening of the picker (a double click), creates nothing more. A failed creation shows a pt-BR
// error toast; its id is kept, so choosing the plan again after an answer that was lost finds the stored project
// instead of making a second one.
import { useCallback, useRef } from 'react';
import { planCreatedToast, type Plan, type PlanId } from '../../lib/domain/plans';
import { createProjectFromPlan, type Project } from '../../lib/data/projects';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';

interface Attempt {
  id: string;
  state: 'sending' | 'created' | 'failed';
}

export function usePlanSelection(onCreated: (project: Project) => void) {
  const attempts = useRef(new Map<PlanId, Attempt>());
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;

  /** A new opening of the picker: a plan created before may be chosen again for another project. */
  const reset = useCallback(() => {
    for (const [plan, attempt] of attempts.current) if (attempt.state === 'created') attempts.current.delete(plan);
  }, []);

  const select = useCallback((plan: Plan) => {
    const previous = attempts.current.get(plan.id);
    if (previous && previous.state !== 'failed') return;
    const attempt: Attempt = { id: previous?.id ?? newId(), state: 'sending' };
    attempts.current.set(plan.id, attempt);

    createProjectFromPlan(attempt.id, plan).then(
      (project) => {
        attempt.state = 'created';
        onCreatedRef.current(project);
        toast(planCreatedToast(plan));
      },
      (e: unknown) => {
        attempt.state = 'failed';
        toast({ title: 'Erro ao criar projeto', description: errorMessage(e), variant: 'destructive' });
      },
    );
  }, []);

  return { select, reset };
}
