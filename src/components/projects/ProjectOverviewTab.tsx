// 'Visão Geral' tab of the project detail: 'Detalhes do Projeto', 'Status e Progresso', for the client 'Plano
// Contratado' (the stored plan's name and the monthly price) and 'Datas Importantes'. In edit mode the details become a
// form, and for the agency the status and progress too (progress rules in src/lib/domain/project-rules.ts); a client
// never edits the status or the progress. What it shows renders from the view's fill values and carries their marks
// (project-detail-fill.ts), so the page's boot script paints the same tab from data.
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { LIMITS } from '../../lib/domain/field-limits';
import { progressFieldEditable, type ProjectDraft } from '../../lib/domain/project-rules';
import { marks } from '../../lib/util/fill-marks';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { ProgressField } from './ProgressField';
import { ProgressBar } from '../ui/ProgressBar';
import { Textarea } from '../ui/Textarea';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import { ProjectStatusSelect } from './ProjectStatusSelect';
import { Shown } from '../ui/Shown';
import { DETAIL_BADGE_CLASS, projectDetailFill, type ProjectDetailRow, type ProjectDetailValues } from './project-detail-fill';

interface Props {
  project: ProjectDetailRow;
  editing: boolean;
  draft: ProjectDraft;
  disabled: boolean;
  onDraftChange: (draft: ProjectDraft) => void;
  /** Messages of the edited fields the save refused. */
  errors?: Partial<Record<'title' | 'description', string>>;
  /** The agency's screen: the edit form also sets the status and the progress. */
  staff?: boolean;
  /** The client's screen: the card with the plan bought and its monthly price. */
  showPlan?: boolean;
}

const wrap = 'break-words [overflow-wrap:anywhere]';
const m = marks<ProjectDetailValues>();

export function ProjectOverviewTab({ project, editing, draft, disabled, onDraftChange, errors, staff = false, showPlan = false }: Props) {
  const set = (patch: Partial<ProjectDraft>) => onDraftChange({ ...draft, ...patch });
  const editingCourse = editing && staff;
  const status = editingCourse ? draft.status : project.status;
  const progress = editingCourse ? draft.progress : project.progress;
  const v = projectDetailFill({ ...project, status, progress });

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle as="h2">Detalhes do Projeto</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {editing ? (
            <>
              <FormField label="Título" error={errors?.title}>
                <Input
                  value={draft.title}
                  disabled={disabled}
                  required
                  aria-required="true"
                  maxLength={LIMITS.projectTitle}
                  onChange={(e) => set({ title: e.target.value })}
                />
              </FormField>
              <FormField label="Descrição" error={errors?.description}>
                <Textarea
                  rows={5}
                  value={draft.description}
                  disabled={disabled}
                  maxLength={LIMITS.projectDescription}
                  onChange={(e) => set({ description: e.target.value })}
                />
              </FormField>
            </>
          ) : (
            <dl className="flex flex-col gap-4">
              <div>
                <dt className="text-sm font-medium text-slate-500">Título</dt>
                <dd className={`mt-1 text-slate-900 ${wrap}`} {...m.text('title')}>
                  {v.title}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-500">Descrição</dt>
                <dd className={`mt-1 whitespace-pre-line text-slate-900 ${wrap}`} {...m.text('description')}>
                  {v.description}
                </dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>

      <div className="flex min-w-0 flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Status e Progresso</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {editingCourse ? (
              <FormField label="Status">
                <ProjectStatusSelect<ProjectStatus> value={draft.status} disabled={disabled} onStatusChange={(status) => set({ status })} />
              </FormField>
            ) : (
              <div className="flex flex-col gap-1">
                <span className="text-sm font-medium text-slate-500">Status</span>
                <ProjectStatusBadge status={status} className={DETAIL_BADGE_CLASS} marked />
              </div>
            )}
            {progressFieldEditable(editingCourse, status) ? (
              <ProgressField hint="De 0 a 100." value={draft.progress} disabled={disabled} onChange={(progress) => set({ progress })} />
            ) : (
              <Shown when={v.showProgress} condition={m.when('showProgress')}>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium text-slate-500">Progresso</span>
                  <ProgressBar value={v.progress} label={v.progressLabel} showValue marked />
                </div>
              </Shown>
            )}
          </CardContent>
        </Card>

        {showPlan && (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Plano Contratado</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4 text-sm">
                <div>
                  <dt className="font-medium text-slate-500">Plano</dt>
                  <dd className="mt-1 text-slate-900" {...m.text('planName')}>
                    {v.planName}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-500">Preço mensal</dt>
                  <dd className="mt-1 text-slate-900" {...m.text('planPrice')}>
                    {v.planPrice}
                  </dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader>
            <CardTitle as="h2">Datas Importantes</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="font-medium text-slate-500">Criado em</dt>
                <dd className="mt-1 text-slate-900" {...m.text('created')}>
                  {v.created}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-500">Última Atualização</dt>
                <dd className="mt-1 text-slate-900" {...m.text('updated')}>
                  {v.updated}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
