// 'Novo Projeto' of the agency: a project for a client (a portal account that is not staff) with plan, title,
// description, status and progress. The progress saved follows the status as on the client's edit screen: pending 0,
// completed 100, in progress the typed value (50 when empty) kept within 10-90. The form is kept as a draft in this tab
// until the project is created, with the id made for it: a retry after a failure or a lost answer never makes a
// second project.
import { useRef, useState, type FormEvent } from 'react';
import { createProjectForClient, type AdminProject } from '../../lib/data/admin-projects';
import { PLANS, type PlanId } from '../../lib/domain/plans';
import { normalizeProgress, progressFieldEditable, projectTitleError, showsProgressField } from '../../lib/domain/project-rules';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { FormField } from '../../components/ui/FormField';
import { Input } from '../../components/ui/Input';
import { ProgressField } from '../../components/projects/ProgressField';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { useReturnFocus } from '../../components/projects/useReturnFocus';
import { ClientAccountPicker } from './ClientAccountPicker';
import { EMPTY_NEW_PROJECT, newProjectDraft, type NewProjectDraft } from './new-project-draft';
import { ProjectStatusSelect } from '../../components/projects/ProjectStatusSelect';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (project: AdminProject) => void;
}

export function NewProjectDialog({ open, onOpenChange, onCreated }: Props) {
  // The draft is read in the first render, before the user can touch a field.
  const [values, setValues] = useState<NewProjectDraft>(() => newProjectDraft.load() ?? EMPTY_NEW_PROJECT);
  const [errors, setErrors] = useState<{ client: string | null; title: string | null }>({ client: null, title: null });
  const [saving, setSaving] = useState(false);
  // Also said inside the dialog: while it is open, screen readers hear only what is in it.
  const [failure, setFailure] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const returnFocus = useReturnFocus(open);

  function change(patch: Partial<NewProjectDraft>) {
    setValues((current) => {
      const next = { ...current, ...patch };
      newProjectDraft.save(next);
      return next;
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const found = { client: values.client ? null : 'Selecione o cliente do projeto.', title: projectTitleError(values.title) };
    setErrors(found);
    if (found.client || found.title) {
      if (found.title) titleRef.current?.focus();
      return;
    }
    const attempt = { ...values, pendingId: values.pendingId ?? newId() };
    setValues(attempt);
    newProjectDraft.save(attempt);
    setSaving(true);
    setFailure(null);
    try {
      const project = await createProjectForClient(
        {
          id: attempt.pendingId,
          title: attempt.title.trim(),
          description: attempt.description.trim() === '' ? null : attempt.description,
          status: attempt.status,
          progress: normalizeProgress('pending', attempt.status, attempt.progress),
          plan: attempt.plan || null,
        },
        attempt.client!,
      );
      newProjectDraft.clear();
      setValues(EMPTY_NEW_PROJECT);
      onCreated(project);
      onOpenChange(false);
      toast({ title: 'Projeto criado', description: `O projeto "${project.title}" foi criado com sucesso.` });
    } catch (error) {
      setFailure(`Não foi possível criar o projeto: ${errorMessage(error)}`);
      toast({ title: 'Erro ao criar projeto', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const editable = progressFieldEditable(true, values.status);
  const shownProgress = normalizeProgress('pending', values.status, values.progress);

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent
        className="max-w-2xl"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          titleRef.current?.focus();
        }}
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader>
          <DialogTitle>Novo Projeto</DialogTitle>
          <DialogDescription>Crie um projeto para um cliente do portal.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={saving}>
          <FormField label="Título" error={errors.title}>
            <Input
              ref={titleRef}
              name="title"
              value={values.title}
              required
              aria-required="true"
              disabled={saving}
              onChange={(e) => change({ title: e.target.value })}
            />
          </FormField>
          <ClientAccountPicker value={values.client} onChange={(client) => change({ client })} error={errors.client} disabled={saving} />
          <FormField label="Descrição">
            <Textarea name="description" rows={3} value={values.description} disabled={saving} onChange={(e) => change({ description: e.target.value })} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Plano">
              <Select name="plan" value={values.plan} disabled={saving} onChange={(e) => change({ plan: e.target.value as PlanId | '' })}>
                <option value="">Sem plano</option>
                {PLANS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Status">
              <ProjectStatusSelect<ProjectStatus> name="status" value={values.status} disabled={saving} onStatusChange={(status) => change({ status })} />
            </FormField>
            {showsProgressField(values.status) &&
              (editable ? (
                <ProgressField
                  name="progress"
                  hint="De 10 a 90 em andamento."
                  value={values.progress}
                  disabled={saving}
                  onChange={(progress) => change({ progress })}
                />
              ) : (
                <div className="flex flex-col gap-1.5">
                  <span className="text-sm font-medium text-slate-900">Progresso</span>
                  <ProgressBar value={shownProgress ?? 0} label="Progresso do novo projeto" showValue className="h-10" />
                </div>
              ))}
          </div>
          {failure && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {saving ? 'Criando...' : 'Criar Projeto'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
