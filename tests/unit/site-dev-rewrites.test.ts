import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { redirectsMiddleware } from '../../scripts/lib/dev-rewrites';

function call(url: string) {
  const req = { url } as IncomingMessage;
  const res = {
    status: 0,
    headers: {} as Record<string, string>,
    writeHead(status: number, headers: Record<string, string>) {
      this.status = status;
      this.headers = headers;
    },
    end() {},
  };
  let nextCalled = false;
  redirectsMiddleware()(req, res as unknown as ServerResponse, () => {
    nextCalled = true;
  });
  return { url: req.url, status: res.status, location: res.headers.Location, nextCalled };
}

describe('rotas dinâmicas no `npm run dev`', () => {
  it('reescreve /projects/<id> para o shell e mantém a query', () => {
    expect(call('/projects/abc?x=1')).toMatchObject({ url: '/projects/_/?x=1', nextCalled: true });
  });

  it('reescreve /my-clients/edit/<id> antes de /my-clients/<id>', () => {
    expect(call('/my-clients/edit/42').url).toBe('/my-clients/edit/_/');
    expect(call('/my-clients/42').url).toBe('/my-clients/_/');
    expect(call('/admin/clients/42').url).toBe('/admin/clients/_/');
  });

  it('deixa as páginas índice e as que não têm regra como estão', () => {
    expect(call('/projects/')).toMatchObject({ url: '/projects/', nextCalled: true });
    expect(call('/dashboard')).toMatchObject({ url: '/dashboard', nextCalled: true });
  });

  it('aplica os redirecionamentos (/admin → /admin/dashboard)', () => {
    expect(call('/admin')).toMatchObject({ status: 301, location: '/admin/dashboard', nextCalled: false });
  });
});
