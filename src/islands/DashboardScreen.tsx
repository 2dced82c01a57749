// Dashboard (/dashboard): welcome line ('Bem-vindo(a)' on the account's first visit, as the database records it, else
// 'Bem-vindo(a) de volta'), the four counts from the server, the 5 most recent projects, and the plan picker when there
// are none (the plan-pick flow of /projects: the chosen plan becomes a pending project, shown at once). What the
// dashboard last showed this user in this browser (counts and recent projects) paints at once on the next visit and is replaced in place by the fresh figures; having it also means the visit is not the first.
import { useEffect, useState } from 'react';
import { InvoiceDueNotice, type InvoiceDue } from '../components/dashboard/InvoiceDueNotice';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { $invoiceTotals, readInvoiceBadgeAfterFirstView } from '../lib/stores/invoice-badge';
import { errorMessage } from '../lib/util/error-message';
import { projectCounts, recentProjects, type Project, type ProjectCounts } from '../lib/data/projects';
import { recordDashboardVisit } from '../lib/data/dashboard';
import { toast } from '../lib/stores/toast';
import { readLastRows, writeLastRows } from '../lib/stores/last-rows';
import { forgetPrepaintedRows, prepaintedRows } from '../lib/stores/prepainted-rows';
import { Button } from '../components/ui/Button';
import { EmptyState } from '../components/projects/EmptyState';
import { DASHBOARD_LAYOUT, DashboardCounts, DashboardHeader, RecentSection } from '../components/dashboard/DashboardParts';
import { greetingName } from '../components/dashboard/dashboard-fill';
import { PlanPick } from './projects/PlanPick';

export const RECENT_COUNT = 5;
/** The kept snapshot: one entry in the per-user last-rows store (and what the page's HTML painted, under the same name). */
export const SNAPSHOT = { list: 'dashboard', key: 'summary' } as const;

export interface Snapshot {
  counts: ProjectCounts;
  recent: Project[];
  /** Only in what the page painted: whether the database answered that this is the first visit. */
  firstVisit?: boolean;
}

/** The screen's first data calls, which the page also sends early (`slots.user` stands for the signed-in user). */
export const firstRequests = ({ user }: { user: string }) =>
  Promise.all([recordDashboardVisit(user), projectCounts(), recentProjects(RECENT_COUNT)]);

export default function DashboardScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  // What the page already painted from the early answers, else what this user last saw here.
  const [kept] = useState(
    () =>
      prepaintedRows<Snapshot>(SNAPSHOT.list, userId, SNAPSHOT.key)?.rows[0] ??
      readLastRows<Snapshot>(SNAPSHOT.list, userId, SNAPSHOT.key)?.rows[0] ??
      null,
  );
  const [counts, setCounts] = useState<ProjectCounts | null>(kept?.counts ?? null);
  const [recent, setRecent] = useState<Project[] | null>(kept?.recent ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A kept snapshot means this account has been here before: 'de volta' from the first paint.
  const [firstVisit, setFirstVisit] = useState<boolean | null>(kept ? (kept.firstVisit ?? false) : null);
  const [pickerOpen, setPickerOpen] = useState(false);

  useEffect(() => forgetPrepaintedRows(SNAPSHOT.list), []);

  // What is owed: the invoice totals the sidebar reads too (one read per page, after the screen's first data).
  const totals = useStore($invoiceTotals);
  const due: InvoiceDue | null = totals
    ? { owedCents: totals.open_cents + totals.overdue_cents, overdueCount: totals.overdue_count, nextDue: totals.next_due_date }
    : null;
  useEffect(() => {
    void readInvoiceBadgeAfterFirstView();
  }, []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    recordDashboardVisit(userId).then(
      (first) => live && setFirstVisit((known) => (known === false ? false : first)),
      () => live && setFirstVisit((known) => known ?? true), // unknown: the plain 'Bem-vindo(a)' suits everyone
    );
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([projectCounts(), recentProjects(RECENT_COUNT)])
      .then(([c, r]) => {
        if (!live) return;
        setCounts(c);
        setRecent(r);
        writeLastRows<Snapshot>(SNAPSHOT.list, userId, { key: SNAPSHOT.key, rows: [{ counts: c, recent: r }], total: null, hasMore: false });
      })
      .catch((e) => {
        if (!live) return;
        toast({ title: 'Erro ao carregar projetos', description: errorMessage(e), variant: 'destructive' });
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt, userId]);

  /** A project made from the chosen plan: shown at once (newest first, a pending one more), then the figures re-read. */
  function projectCreated(project: Project) {
    setRecent((rows) => [project, ...(rows ?? []).filter((p) => p.id !== project.id)].slice(0, RECENT_COUNT));
    setCounts((c) => c && { ...c, total: c.total + 1, pending: c.pending + 1 });
    setAttempt((n) => n + 1);
  }

  return (
    <div className={DASHBOARD_LAYOUT}>
      <DashboardHeader name={greetingName(user)} firstVisit={firstVisit} />
      <DashboardCounts counts={counts} failed={failed} />
      <RecentSection
        recent={recent}
        onPick={() => setPickerOpen(true)}
        failure={
          failed ? (
            <EmptyState title="Erro ao carregar projetos" text="Verifique sua conexão e tente novamente.">
              <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                Tentar novamente
              </Button>
            </EmptyState>
          ) : undefined
        }
      />
      <InvoiceDueNotice due={due} />
      <PlanPick open={pickerOpen} onOpenChange={setPickerOpen} onCreated={projectCreated} />
    </div>
  );
}
