// State of the task dialog of 'Minhas Tarefas': opening it to create or edit, what is typed (kept in this tab until it
// is saved), the save with its field messages and error toasts, the reload after a conflict, and where focus goes back.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from '../../lib/stores/toast';
import { ConflictError, NotFoundError } from '../../lib/data/data-errors';
import { createTask, getTask, updateTask, type TaskRow } from '../../lib/data/tasks';
import { EMPTY_TASK_FORM, TASK_TEXTS, taskToFormValues, validateTaskForm, type TaskFormValues } from '../../lib/domain/task-rules';
import { personLabel } from '../../lib/domain/profile-rules';
import { LIMITS, charLength } from '../../lib/domain/field-limits';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';
import { taskDraft } from '../../components/tasks/task-draft';
import { CLOSED, draftFromModal, modalFromDraft, type ModalState } from '../../components/tasks/task-modal';
import { taskActionsId } from '../../components/tasks/task-row-fill';
import { NEW_TASK_BUTTON_ID } from '../../components/tasks/TasksFrame';

const KEPT = 'Seus dados foram mantidos no formulário; tente novamente.';
const KEPT_RELOAD = 'Seus dados foram mantidos no formulário.';

type FieldErrors = Partial<Record<'title' | 'description', string>>;

/** The list rows the dialog updates after a save or a reload (the setters of the screen's paged list). */
export interface TaskListEdits {
  setRows: Dispatch<SetStateAction<TaskRow[]>>;
  setTotal: (update: (total: number) => number) => void;
}

/**
 * The task dialog for the signed-in user `userId`: open for create or edit, typed values, save and conflict reload.
 * A reload while the dialog was open opens it again with what was typed; a saved or reloaded task updates `list`.
 */
export function useTaskDialog(userId: string, list: TaskListEdits) {
  // A reload while the dialog was open opens it again with what was typed (read in the first render).
  const [modal, setModal] = useState<ModalState>(() => (userId ? modalFromDraft(taskDraft(userId).load()) : CLOSED));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(modal.open);
  const savingRef = useRef(false);
  const returnFocusId = useRef(NEW_TASK_BUTTON_ID);

  // Everything typed in the open dialog is kept in this tab until it is saved or the dialog is closed.
  useEffect(() => {
    if (userId && modal.open) taskDraft(userId).save(draftFromModal(modal));
  }, [userId, modal]);

  // An edit reopened after a reload has its values but not the row (for the assignee and project labels).
  // Edits typed over an older version than the one saved now (a save that conflicted before the reload, or a change
  // made elsewhere since) come back with the same conflict notice, never to be saved silently over it.
  const editId = modal.open && modal.mode === 'edit' && !modal.row ? modal.id : '';
  const editBase = modal.loadedUpdatedAt;
  useEffect(() => {
    if (!editId) return;
    let live = true;
    getTask(editId).then(
      (row) => {
        if (!live) return;
        setModal((m) => (m.id === row.id ? { ...m, row } : m));
        if (row.updated_at !== editBase) setConflict(TASK_TEXTS.conflict);
      },
      () => undefined, // the save will say what is wrong (missing task, conflict)
    );
    return () => {
      live = false;
    };
  }, [editId]);

  function changeValues(values: TaskFormValues) {
    setModal((m) => ({ ...m, values }));
    // A message about a field goes away as soon as the field is fixed.
    setFieldErrors((errors) => {
      const next = { ...errors };
      if (next.title && values.title.trim()) delete next.title;
      if (next.description && charLength(values.description) <= LIMITS.taskDescription) delete next.description;
      return next;
    });
  }

  function resetModalFlags() {
    setFieldErrors({});
    setConflict(null);
    setReloading(false);
  }

  function openCreate() {
    resetModalFlags();
    returnFocusId.current = NEW_TASK_BUTTON_ID;
    setDialogMounted(true);
    // A create that failed: its id and values come back when the modal is reopened, so a retry never duplicates.
    const stored = taskDraft(userId).load();
    const pending = stored?.mode === 'create' ? stored : null;
    setModal({
      open: true,
      mode: 'create',
      id: pending?.id ?? newId(),
      loadedUpdatedAt: '',
      row: null,
      values: pending?.values ?? EMPTY_TASK_FORM,
      attempted: pending?.attempted ?? false,
    });
  }

  function openEdit(task: TaskRow) {
    resetModalFlags();
    returnFocusId.current = taskActionsId(task.id);
    setDialogMounted(true);
    setModal({ open: true, mode: 'edit', id: task.id, loadedUpdatedAt: task.updated_at, row: task, values: taskToFormValues(task), attempted: false });
  }

  function closeModal() {
    if (savingRef.current) return;
    // A create already sent keeps its id and values for the retry; anything else closed is let go.
    if (modal.mode === 'create' && modal.attempted) taskDraft(userId).save(draftFromModal({ ...modal, open: false }));
    else taskDraft(userId).clear();
    setModal((m) => ({ ...m, open: false }));
  }

  async function save() {
    if (savingRef.current) return;
    const checked = validateTaskForm(modal.values);
    if (!checked.ok) {
      if (checked.field !== 'due_date') setFieldErrors({ [checked.field]: checked.description });
      toast({ title: checked.title, description: checked.description, variant: 'destructive' });
      return;
    }
    setFieldErrors({});
    savingRef.current = true;
    setSaving(true);
    const { mode, id } = modal;
    if (mode === 'create') setModal((m) => ({ ...m, attempted: true }));
    try {
      if (mode === 'create') {
        const row = await createTask(id, checked.input);
        list.setRows((rows) => [row, ...rows.filter((r) => r.id !== row.id)]);
        list.setTotal((t) => t + 1);
        toast({ title: 'Tarefa criada!', description: `A tarefa "${row.title}" foi criada.` });
      } else {
        const row = await updateTask(id, checked.input, modal.loadedUpdatedAt);
        list.setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
        toast({ title: 'Tarefa atualizada!', description: `A tarefa "${row.title}" foi atualizada.` });
      }
      savingRef.current = false;
      taskDraft(userId).clear();
      setModal((m) => ({ ...m, open: false }));
    } catch (error) {
      if (error instanceof ConflictError) {
        setConflict(error.message);
        toast({ title: 'Erro ao atualizar tarefa', description: `${error.message} ${KEPT_RELOAD}`, variant: 'destructive' });
      } else {
        toast({
          title: mode === 'create' ? 'Erro ao criar tarefa' : 'Erro ao atualizar tarefa',
          description: [errorMessage(error, ''), KEPT].filter(Boolean).join(' '),
          variant: 'destructive',
        });
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  async function reloadConflicted() {
    setReloading(true);
    try {
      const row = await getTask(modal.id).catch((e: unknown) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      });
      if (!row) {
        list.setRows((rows) => rows.filter((r) => r.id !== modal.id));
        list.setTotal((t) => Math.max(0, t - 1));
        toast({ title: 'Tarefa não encontrada', description: 'Esta tarefa foi excluída ou não está mais visível para você.', variant: 'destructive' });
        setModal((m) => ({ ...m, open: false }));
        return;
      }
      list.setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
      setModal((m) => ({ ...m, row, loadedUpdatedAt: row.updated_at, values: taskToFormValues(row) }));
      setConflict(null);
    } catch (error) {
      toast({ title: 'Erro ao carregar tarefas', description: errorMessage(error, '') || 'Não foi possível buscar suas tarefas.', variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  }

  /** Where focus goes when the dialog closes: the button that opened it, else 'Nova Tarefa'. */
  const returnFocus = () => document.getElementById(returnFocusId.current) ?? document.getElementById(NEW_TASK_BUTTON_ID);

  const row = modal.row;
  const extraAssignee =
    modal.mode === 'edit' && row?.assigned_to
      ? { id: row.assigned_to, label: personLabel(row.assignee) || 'Usuário atual' }
      : null;
  const extraProject =
    modal.mode === 'edit' && row?.project_id ? { id: row.project_id, label: row.project?.title || 'Projeto atual' } : null;

  return {
    modal,
    dialogMounted,
    fieldErrors,
    saving,
    conflict,
    reloading,
    extraAssignee,
    extraProject,
    openCreate,
    openEdit,
    closeModal,
    changeValues,
    save,
    reloadConflicted,
    returnFocus,
  };
}
