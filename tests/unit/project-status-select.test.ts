// The one project status select: every status of the rules, in their order and with their labels; a filter adds
// 'Todos os status' (value '') first.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProjectStatusSelect } from '../../src/components/projects/ProjectStatusSelect';
import { PROJECT_STATUSES, projectStatusLabel } from '../../src/lib/domain/project-rules';

const options = (html: string) => [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);

describe('ProjectStatusSelect', () => {
  it('o filtro começa por "Todos os status" e segue as regras do projeto', () => {
    const html = renderToStaticMarkup(
      createElement(ProjectStatusSelect<'' | 'pending'>, { value: '', onStatusChange: () => {}, anyLabel: 'Todos os status', 'aria-label': 'Filtrar por status' }),
    );
    expect(html).toContain('aria-label="Filtrar por status"');
    expect(options(html)).toEqual([['', 'Todos os status'], ...PROJECT_STATUSES.map((s) => [s, projectStatusLabel(s)])]);
  });

  it('no formulário só há os status, e o atual vem escolhido', () => {
    const html = renderToStaticMarkup(createElement(ProjectStatusSelect<'completed'>, { value: 'completed', onStatusChange: () => {}, name: 'status' }));
    expect(options(html).map(([v]) => v)).toEqual([...PROJECT_STATUSES]);
    expect(html).toMatch(/<option value="completed" selected="">/);
  });
});
