// The plan-pick flow, the same wherever a plan can be picked ('Novo Projeto' and 'Criar projeto' on /projects,
// 'Escolher um plano' on the dashboard): the plan picker (loaded when first opened) and, for the chosen plan, a pending
// project created in the user's name (usePlanSelection), handed to `onCreated` for the screen to show.
import { useEffect, useRef } from 'react';
import type { Plan } from '../../lib/domain/plans';
import type { Project } from '../../lib/data/projects';
import { PlanPicker } from '../../components/projects/lazy-dialogs';
import { usePlanSelection } from './usePlanSelection';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (project: Project) => void;
}

export function PlanPick({ open, onOpenChange, onCreated }: Props) {
  const { select: choose, reset } = usePlanSelection(onCreated);
  const wasOpen = useRef(open);
  useEffect(() => {
    // Each opening may create a project of a plan chosen in an earlier one.
    if (open && !wasOpen.current) reset();
    wasOpen.current = open;
  }, [open, reset]);

  function select(plan: Plan) {
    choose(plan);
    onOpenChange(false);
  }

  return <PlanPicker open={open} onOpenChange={onOpenChange} onSelect={select} />;
}
