// The names a project screen's rows are kept under between the page and its island (last rows, pre-painted rows): the
// build-time templates, the inline fill and the screen's hooks read the same names.
import type { ProjectStatus } from '../../lib/domain/status-codes';

/** The name the projects list's first page is kept under. */
export const PROJECT_LIST = 'projects';

/** The key of one filter combination of the list (the first page with no filters is `projectListKey('', '')`). */
export function projectListKey(search: string, status: ProjectStatus | ''): string {
  return `${search}|${status}`;
}

/** The name the project the page painted before the island started is handed over under. */
export const PROJECT_DETAIL = 'project-detail';
