// What the dashboard shows, as fill values (lib/util/fill-marks.ts): its parts (DashboardParts) render from them, and
// the page's boot script (src/boot/paint-dashboard.ts) paints the same parts from the early answers with them.
import type { ProjectCounts } from '../../lib/domain/project-rules';
import { projectCardFill, type ProjectCardRow } from '../projects/project-card-fill';

/** The two greetings: the plain one on the account's first dashboard visit (as the database records it). */
export const GREETINGS = { first: 'Bem-vindo(a)', again: 'Bem-vindo(a) de volta' } as const;

/** The name the greeting uses: the profile's full name, else the e-mail. */
export function greetingName(user: { email?: unknown; user_metadata?: Record<string, unknown> } | null | undefined): string {
  const full = user?.user_metadata?.full_name;
  return (typeof full === 'string' ? full.trim() : '') || (typeof user?.email === 'string' ? user.email : '');
}

const HEADING = 'line-clamp-2 break-words text-2xl font-bold text-slate-900 sm:text-3xl [overflow-wrap:anywhere]';

/**
 * The welcome line. Until it is known whether this is the first visit (`firstVisit` null) it is held invisible at
 * the length of the longer greeting, so it appears whole, once, and nothing below it moves.
 */
export function headerFill(name: string, firstVisit: boolean | null) {
  return {
    headingClass: firstVisit === null ? `${HEADING} invisible` : HEADING,
    greeting: firstVisit === true ? GREETINGS.first : GREETINGS.again,
    name,
  };
}
export type HeaderValues = ReturnType<typeof headerFill>;

/** The four counts as loaded (their boxes no longer busy). */
export function countsFill({ total, completed, inProgress, pending }: ProjectCounts) {
  return { total, completed, inProgress, pending, busy: false };
}
export type CountsValues = ReturnType<typeof countsFill>;

/** The recent projects' section: the link to all projects and their list when there are any, else the empty state. */
export const recentFill = (recent: readonly unknown[]) => ({ any: recent.length > 0 });
export type RecentValues = ReturnType<typeof recentFill>;

/** A recent project's card: the bar for every status but pending. */
export const recentItemFill = (project: ProjectCardRow) => projectCardFill(project, project.status !== 'pending');
