import { useRef, type FormEvent } from 'react';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskFormValues } from '../../lib/domain/task-rules';
import { LIMITS } from '../../lib/domain/field-limits';
import type { AssignableUser } from '../../lib/data/profiles';
import { personLabel } from '../../lib/domain/profile-rules';
import type { ProjectOption } from '../../lib/data/tasks';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Button } from '../ui/Button';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { Textarea } from '../ui/Textarea';

export interface TaskFormDialogProps {
  open: boolean;
  mode: 'create' | 'edit';
  values: TaskFormValues;
  onChange: (values: TaskFormValues) => void;
  /** Messages of the fields at fault (each goes away once its field is fixed). */
  errors: Partial<Record<'title' | 'description', string>>;
  saving: boolean;
  /** Set when the task changed elsewhere since it was opened: the save was refused. */
  conflict: string | null;
  reloading: boolean;
  onReload: () => void;
  onSubmit: () => void;
  onClose: () => void;
  /** Where focus goes when the modal closes (the button that opened it). */
  returnFocus: () => HTMLElement | null;
  users: readonly AssignableUser[];
  /** The current assignee when they are not in `users` (kept selectable, named from the task). */
  extraAssignee: { id: string; label: string } | null;
  projects: readonly ProjectOption[];
  extraProject: { id: string; label: string } | null;
}

/** The one modal for 'Criar Nova Tarefa' and 'Editar Tarefa' (Radix Dialog: focus trapped, then restored). */
export function TaskFormDialog(props: TaskFormDialogProps) {
  const { values, onChange, mode, saving } = props;
  const titleRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => onChange({ ...values, [key]: value });

  function submit(e: FormEvent) {
    e.preventDefault();
    props.onSubmit();
  }

  const users = props.users;
  const hasExtraAssignee = props.extraAssignee && !users.some((u) => u.id === props.extraAssignee!.id);
  const hasExtraProject = props.extraProject && !props.projects.some((p) => p.id === props.extraProject!.id);

  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent
        className="max-w-xl"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          titleRef.current?.focus();
        }}
        onCloseAutoFocus={(e) => {
          const target = props.returnFocus();
          if (target) {
            e.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{mode === 'create' ? 'Criar Nova Tarefa' : 'Editar Tarefa'}</DialogTitle>
          <DialogDescription>
            {mode === 'create'
              ? 'Preencha os detalhes da nova tarefa.'
              : 'Altere os detalhes da tarefa e salve.'}
          </DialogDescription>
        </DialogHeader>

        {props.conflict && (
          <div role="alert" className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{props.conflict}</span>
            </p>
            <Button variant="outline" size="sm" className="self-start" onClick={props.onReload} loading={props.reloading}>
              {!props.reloading && <RefreshCw className="h-4 w-4" aria-hidden="true" />}
              Recarregar tarefa
            </Button>
          </div>
        )}

        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={saving}>
          <FormField label="Título" error={props.errors.title}>
            <Input
              ref={titleRef}
              name="title"
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              required
              aria-required="true"
              maxLength={LIMITS.taskTitle}
              placeholder="Ex: Revisar proposta do cliente"
            />
          </FormField>
          <FormField label="Descrição" error={props.errors.description}>
            <Textarea
              name="description"
              rows={3}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              maxLength={LIMITS.taskDescription}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Status">
              <Select name="status" value={values.status} onChange={(e) => set('status', e.target.value as TaskFormValues['status'])}>
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Prioridade">
              <Select
                name="priority"
                value={values.priority}
                onChange={(e) => set('priority', e.target.value as TaskFormValues['priority'])}
              >
                {TASK_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Data de Entrega">
              <Input name="due_date" type="date" value={values.due_date} onChange={(e) => set('due_date', e.target.value)} />
            </FormField>
            <FormField label="Atribuir Para">
              <Select name="assigned_to" value={values.assigned_to} onChange={(e) => set('assigned_to', e.target.value)}>
                <option value="">Ninguém (Pessoal)</option>
                {hasExtraAssignee && <option value={props.extraAssignee!.id}>{props.extraAssignee!.label}</option>}
                {users.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.full_name && u.email ? `${u.full_name} (${u.email})` : personLabel(u) || u.id}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField label="Projeto (opcional)">
            <Select name="project_id" value={values.project_id} onChange={(e) => set('project_id', e.target.value)}>
              <option value="">Nenhum projeto</option>
              {hasExtraProject && <option value={props.extraProject!.id}>{props.extraProject!.label}</option>}
              {props.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </Select>
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving} disabled={Boolean(props.conflict)}>
              {saving ? 'Salvando...' : mode === 'create' ? 'Criar Tarefa' : 'Salvar Alterações'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
