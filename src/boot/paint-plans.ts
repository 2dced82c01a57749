// Build time only: what a screen painted before React needs in its page. Each plan gives the boot module that paints
// (its `run` goes into the page's one head script, frame.ts, and runs once the frame is parsed), that module's config
// and the fill templates (the screen's own components rendered once by React, every shown value marked), which the
// layout writes after the screen. `calls` is the screen's first data calls, as the page gives them to its layout.
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RecentItem, RecentSection } from '../components/dashboard/DashboardParts';
import { ProjectDetailFirstView } from '../components/projects/ProjectDetailParts';
import { PROJECT_DRAFT_PREFIX } from '../components/projects/draft-storage';
import { PROJECT_DETAIL } from '../components/projects/handover-keys';
import { TEMPLATE_PROJECT } from '../components/projects/project-card-fill';
import { templateDetailProject } from '../components/projects/project-detail-fill';
import { FillTemplate } from '../components/ui/Shown';
import { recordedRequest, type Calls } from '../lib/data/request-recorder';
import { SUPABASE_URL } from '../lib/data/session-key';
import type { BootImport } from './compile';
import { TEMPLATES, type PaintDashboardConfig } from './paint-dashboard';
import type { PaintListConfig } from './paint-list';
import type { PaintProjectConfig } from './paint-project';

export interface PaintPlan {
  entry: 'paint-list' | 'paint-dashboard' | 'paint-project';
  config: PaintListConfig | PaintDashboardConfig | PaintProjectConfig;
  /** The screen's row → fill values function, for the list filler. */
  fill?: BootImport;
  /** The fill templates by name: their content as HTML rendered by React (every value escaped). */
  templates: { name: string; html: string }[];
}

/** `element` rendered once by React as the fill template named `name`. */
const template = (name: string, element: ReactElement) => ({ name, html: renderToStaticMarkup(createElement(FillTemplate, null, element)) });

/** A list screen's first rows: `row` rendered as the template, filled per row by `fill` into the frame's `target`. */
export async function listPaint(p: {
  name: string;
  /** The row component and the props of its template render (any row of its type: every shown value is marked). */
  row: { component: ComponentType<any>; props: Record<string, unknown> };
  fill: BootImport;
  calls: Calls;
  /** The list's first request: its method and how its recorded path starts. */
  request: { method: string; pathStart: string };
  target: string;
  list: string;
  listKey: string;
  pageSize: number;
  reveal?: string;
}): Promise<PaintPlan> {
  const { method, path } = await recordedRequest(p.calls, p.request.method, p.request.pathStart);
  const config: PaintListConfig = {
    apiUrl: SUPABASE_URL,
    target: p.target,
    template: `template[data-fill-template="${p.name}"]`,
    request: { method, path },
    list: p.list,
    key: p.listKey,
    pageSize: p.pageSize,
    ...(p.reveal && { reveal: p.reveal }),
  };
  return { entry: 'paint-list', config, fill: p.fill, templates: [template(p.name, createElement(p.row.component, p.row.props))] };
}

/** The dashboard: the recent projects' section and one card as templates; the greeting and counts fill the frame. */
export async function dashboardPaint(calls: Calls, recentCount: number, snapshot: { list: string; key: string }): Promise<PaintPlan> {
  // In the order the boot module takes them: the visit record, the counts, the recent projects.
  const first = [['POST', 'rest/v1/rpc/record_dashboard_visit'], ['POST', 'rest/v1/rpc/project_status_counts'], ['GET', 'rest/v1/projects?']];
  const requests = (await Promise.all(first.map(([method, start]) => recordedRequest(calls, method!, start!)))).map(({ method, path }) => ({ method, path }));
  const config: PaintDashboardConfig = { apiUrl: SUPABASE_URL, requests, recentCount, list: snapshot.list, key: snapshot.key };
  const templates = [
    template(TEMPLATES.recent, createElement(RecentSection, { recent: [] })),
    template(TEMPLATES.card, createElement(RecentItem, { project: TEMPLATE_PROJECT })),
  ];
  return { entry: 'paint-dashboard', config, templates };
}

/** The client's project detail: the screen's loaded view as the template, in place of the loading frame. */
export async function projectPaint(calls: Calls): Promise<PaintPlan> {
  const { method, path } = await recordedRequest(calls, 'GET', 'rest/v1/projects?');
  const config: PaintProjectConfig = {
    apiUrl: SUPABASE_URL,
    frame: '[data-prepaint-project]',
    template: 'template[data-fill-template="project-detail"]',
    request: { method, path },
    list: PROJECT_DETAIL,
    draftKeyPrefix: PROJECT_DRAFT_PREFIX,
  };
  return { entry: 'paint-project', config, templates: [template('project-detail', createElement(ProjectDetailFirstView, { project: templateDetailProject() }))] };
}
