import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import type { EarlyRequestsConfig } from '../../src/boot/early-requests';
import { ROUTE_SLOT, USER_SLOT, type EarlyRequest } from '../../src/lib/data/early-requests';
import { SUPABASE_URL } from '../../src/lib/data/supabase';
import { recordRequests } from '../../src/lib/data/request-recorder';
import { getProject, listProjects } from '../../src/lib/data/projects';
import { authTokenKey } from '../../src/lib/util/session-storage-key';

const USER = '5d1c2a8e-1111-4c3b-9f00-0000000000aa';
const PROJECT = '7e2b3c4d-2222-4d5e-8f00-0000000000bb';

function storedSession(overrides: Record<string, unknown> = {}) {
  return {
    access_token: 'token-do-usuario',
    refresh_token: 'refresh',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: USER, app_metadata: {} },
    ...overrides,
  };
}

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

/** A browser of sorts: localStorage with `session`, the page at `path`, and a fetch that records what it is asked. */
function browser(session: unknown, path: string) {
  const sent: Sent[] = [];
  const storage = new Map<string, string>();
  if (session) storage.set(authTokenKey(SUPABASE_URL), JSON.stringify(session));
  const [pathname, search = ''] = path.split('?');
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
  vi.stubGlobal('location', { pathname, search: search ? `?${search}` : '' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ url: String(input), method: init?.method ?? 'GET', authorization: headers.get('Authorization'), body: (init?.body as string) ?? null });
      return new Response(JSON.stringify([{ id: PROJECT, title: `resposta ${sent.length}` }]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** The compiled script (src/boot/early-requests.ts) for `requests`, as the build writes it. */
const script = (requests: EarlyRequest[], admin: boolean, restBase?: string) =>
  bootScript('early-requests', { apiUrl: SUPABASE_URL, restBase, admin, requests } satisfies EarlyRequestsConfig);

/** Runs the script as a build with REST sent straight to the API would write it, the way the REST client here sends. */
const runScript = (requests: EarlyRequest[], audience: 'client' | 'admin' = 'client') =>
  new Function(script(requests, audience === 'admin', `${SUPABASE_URL}/`))();

describe("a screen's early requests", () => {
  beforeEach(() => {
    delete (globalThis as { __earlyRequests?: unknown }).__earlyRequests;
    delete (globalThis as { __bootSession?: unknown }).__bootSession;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __earlyRequests?: unknown }).__earlyRequests;
    delete (globalThis as { __bootSession?: unknown }).__bootSession;
  });

  it("are recorded from the screen's own data calls, with slots for the user and the address's id, and nothing sent", async () => {
    const sent = browser(null, '/');
    const list = await recordRequests(() => listProjects({ search: '', status: '', offset: 0 }));
    expect(list.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET rest/v1/projects?select=*&user_id=eq.${USER_SLOT}&order=created_at.desc%2Cid.desc&offset=0&limit=51`,
      'POST rest/v1/rpc/project_status_counts',
    ]);
    expect(list[0]!.headers).not.toHaveProperty('authorization');
    const detail = await recordRequests(({ route }) => getProject(route));
    expect(detail[0]!.path).toBe(`rest/v1/projects?select=*&id=eq.${ROUTE_SLOT}&user_id=eq.${USER_SLOT}`);
    expect(detail[0]!.headers.accept).toBe('application/vnd.pgrst.object+json');
    expect(sent).toEqual([]);
  });

  it('leave while the page parses with the stored token, and the REST client takes the answer instead of asking again', async () => {
    const requests = await recordRequests(() => listProjects({ search: '', status: '', offset: 0 }));
    const sent = browser(storedSession(), '/projects');
    runScript(requests);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${SUPABASE_URL}/rest/v1/projects?select=*&user_id=eq.${USER}&order=created_at.desc%2Cid.desc&offset=0&limit=51`,
      `POST ${SUPABASE_URL}/rest/v1/rpc/project_status_counts`,
    ]);
    expect(sent.every((s) => s.authorization === 'Bearer token-do-usuario')).toBe(true);

    const page = await listProjects({ search: '', status: '', offset: 0 });
    expect(page.rows.map((r) => r.title)).toEqual(['resposta 1']);
    expect(sent).toHaveLength(2); // both answers taken, nothing asked twice

    // Taken once: the same call again goes to the network.
    await listProjects({ search: '', status: '', offset: 0 });
    expect(sent.length).toBeGreaterThan(2);
  });

  it("go out in the page's order, and are left for the pre-paint by the request as recorded, with the session they used", async () => {
    const screen = await recordRequests(({ route }) => getProject(route));
    const shell = await recordRequests(() => listProjects({ search: '', status: '', offset: 0 }));
    const sent = browser(storedSession(), `/projects/${PROJECT}`);
    runScript([...screen, ...shell]);
    expect(sent.map((s) => s.url.split('?')[0])).toEqual([`${SUPABASE_URL}/rest/v1/projects`, `${SUPABASE_URL}/rest/v1/projects`, `${SUPABASE_URL}/rest/v1/rpc/project_status_counts`]);
    const entries = (globalThis as { __earlyRequests?: Array<{ recorded: string }> }).__earlyRequests!;
    expect(entries.map((e) => e.recorded)).toEqual([...screen, ...shell].map((r) => `${r.method} ${r.path}`));
    expect((globalThis as { __bootSession?: { user: { id: string } } }).__bootSession?.user.id).toBe(USER);
  });

  it("fill the address's id and skip a request whose id is not a uuid", async () => {
    const requests = await recordRequests(({ route }) => getProject(route));
    const sent = browser(storedSession(), `/projects/${PROJECT}`);
    runScript(requests);
    expect(sent.map((s) => s.url)).toEqual([`${SUPABASE_URL}/rest/v1/projects?select=*&id=eq.${PROJECT}&user_id=eq.${USER}`]);

    const none = browser(storedSession(), '/projects/nao-e-um-id');
    runScript(requests);
    expect(none).toEqual([]);
  });

  it('send nothing without a usable session, for the other audience, or with a query string', async () => {
    const requests = await recordRequests(() => listProjects({ search: '', status: '', offset: 0 }));
    const cases: Array<[unknown, string, 'client' | 'admin']> = [
      [null, '/projects', 'client'],
      [storedSession({ expires_at: Math.floor(Date.now() / 1000) + 30 }), '/projects', 'client'],
      [storedSession({ refresh_token: undefined }), '/projects', 'client'],
      [storedSession({ user: { id: USER, app_metadata: { role: 'admin' } } }), '/projects', 'client'],
      [storedSession(), '/admin/projects', 'admin'],
      [storedSession(), '/projects?status=completed', 'client'],
    ];
    for (const [session, path, audience] of cases) {
      const sent = browser(session, path);
      runScript(requests, audience);
      expect(sent, `${path} ${JSON.stringify(session)}`).toEqual([]);
      expect((globalThis as { __bootSession?: unknown }).__bootSession, path).toBeUndefined();
      vi.unstubAllGlobals();
    }
  });

  it('are asked again by the REST client when the early one failed', async () => {
    const requests = await recordRequests(({ route }) => getProject(route));
    const sent = browser(storedSession(), `/projects/${PROJECT}`);
    (globalThis as { __earlyRequests?: unknown }).__earlyRequests = undefined;
    runScript(requests);
    const entries = (globalThis as { __earlyRequests?: Array<{ response: Promise<Response> }> }).__earlyRequests!;
    entries[0]!.response = Promise.reject(new TypeError('Failed to fetch'));
    entries[0]!.response.catch(() => undefined);
    await getProject(PROJECT).catch(() => undefined);
    expect(sent).toHaveLength(2);
  });
});

describe('recording', () => {
  it('runs recordings asked for at the same time one after the other, each with its own requests', async () => {
    const [a, b] = await Promise.all([
      recordRequests(({ route }) => getProject(route)),
      recordRequests(() => listProjects({ search: '', status: '', offset: 0 })),
    ]);
    expect(a.map((r) => r.path.split('?')[0])).toEqual(['rest/v1/projects']);
    expect(a[0]!.path).toContain(`id=eq.${ROUTE_SLOT}`);
    expect(b.map((r) => r.method)).toEqual(['GET', 'POST']);
  });
});

describe('the early-requests script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __earlyRequests?: unknown }).__earlyRequests;
  });

  it("sends to the page's own origin when REST goes through the site, with the session stored for the API", async () => {
    const requests = await recordRequests(({ route }) => getProject(route));
    const sent = browser(storedSession(), `/projects/${PROJECT}`);
    vi.stubGlobal('location', { origin: 'https://portal.exemplo.com.br', pathname: `/projects/${PROJECT}`, search: '' });
    new Function(script(requests, false))();
    expect(sent.map((s) => s.url)).toEqual([`https://portal.exemplo.com.br/rest/v1/projects?select=*&id=eq.${PROJECT}&user_id=eq.${USER}`]);
  });

  it('cannot be closed by a recorded value: "<" is escaped inside it', () => {
    const code = script([{ method: 'GET', path: 'rest/v1/x?select=</script><script>alert(1)', headers: {}, body: null }], false);
    expect(code).not.toMatch(/<\/script/i);
  });
});
