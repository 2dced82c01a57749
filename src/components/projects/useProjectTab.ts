// The open tab of the project screen, kept in the address (`?tab=documentos`, see PROJECT_TAB_PARAMS): a link can
// open a tab directly, changing tabs replaces the address (no new history entry), and a reload, back or forward to the
// address opens the tab it names.
import { useCallback, useEffect, useState } from 'react';
import { projectTabFromSearch, searchWithProjectTab, type ProjectTab } from '../../lib/domain/project-rules';

export function useProjectTab(): [ProjectTab, (tab: ProjectTab) => void] {
  const [tab, setTab] = useState<ProjectTab>(() => projectTabFromSearch(window.location.search));

  useEffect(() => {
    const follow = () => setTab(projectTabFromSearch(window.location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const change = useCallback((next: ProjectTab) => {
    setTab(next);
    const { pathname, search, hash } = window.location;
    const wanted = searchWithProjectTab(search, next);
    if (wanted !== search) window.history.replaceState(window.history.state, '', `${pathname}${wanted}${hash}`);
  }, []);

  return [tab, change];
}
