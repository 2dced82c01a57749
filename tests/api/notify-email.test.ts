// The notify-email function as local-supabase runs it (supabase/functions, the project's config.toml): a staff reply
// becomes one e-mail in /_dev/inbox through the functions' mail drop, only the service role may call the function or
// drop a mail, and the client's notification is theirs alone through the REST API.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { ROOT } from './child-backend.ts';
import { Recorder, signedInLiveClient, subscribed } from './realtime-support.ts';

let sb: TestBackend;
let client: TestUser;
let admin: TestUser;

beforeAll(async () => {
  sb = await startTestBackend({
    functionsDir: path.join(ROOT, 'supabase/functions'),
    configFile: path.join(ROOT, 'supabase/config.toml'),
    schedulesFile: null,
    siteUrl: 'https://portal.exemplo.com.br',
  });
  client = await sb.createConfirmedUser({ name: 'Carla Cliente' });
  admin = await sb.createConfirmedUser({ name: 'Equipe', appMetadata: { role: 'admin' } });
});
afterAll(async () => {
  await sb?.stop();
});

const callFunction = (key: string, body: unknown = {}) =>
  fetch(`${sb.url}/functions/v1/notify-email`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('notify-email on local-supabase', () => {
  it('sends a staff reply to the client’s inbox once, with links to the site; only the service role runs it', async () => {
    const asClient = await sb.signedInClient(client.email, client.password);
    const { data: ticket, error } = await asClient
      .from('support_tickets')
      .insert({ subject: 'Acesso ao painel', message_content: 'Não consigo entrar.' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const asAdmin = await sb.signedInClient(admin.email, admin.password);
    expect((await asAdmin.from('ticket_messages').insert({ ticket_id: ticket!.id, body: 'Liberamos o acesso.' })).error).toBeNull();

    const mine = await asClient.from('notifications').select('title, link, read_at');
    expect(mine.data).toEqual([{ title: 'Nova resposta no ticket "Acesso ao painel"', link: `/support/${ticket!.id}`, read_at: null }]);

    // A user's token is not the service role.
    const session = (await asClient.auth.getSession()).data.session!;
    const refused = await fetch(`${sb.url}/functions/v1/notify-email`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, authorization: `Bearer ${session.access_token}` },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(await sb.inbox(client.email)).toEqual([]);

    const run = await callFunction(sb.secretKey, { action: 'send' });
    expect(run.status).toBe(200);
    // The client's reply, the new admin's ticket, and whatever the demo data left pending for the demo accounts.
    const result = (await run.json()) as { sent: number; failed: number };
    expect(result.failed).toBe(0);
    expect(result.sent).toBeGreaterThanOrEqual(2);
    expect((await (await callFunction(sb.serviceRoleKey)).json())).toEqual({ sent: 0, failed: 0 });

    const mails = await sb.inbox(client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nova resposta no ticket "Acesso ao painel" · Portal IA');
    expect(mails[0]!.links).toEqual([`https://portal.exemplo.com.br/support/${ticket!.id}`, 'https://portal.exemplo.com.br/', 'https://portal.exemplo.com.br/dashboard#notificacoes']);
    expect(mails[0]!.text).toContain('Equipe: Liberamos o acesso.');
    expect((await sb.inbox(admin.email)).map((m) => m.subject)).toEqual(['Novo ticket: "Acesso ao painel" · Portal IA']);
  });

  it('takes a dropped mail only with the service role key', async () => {
    const mail = { to: 'x@exemplo.com.br', subject: 'Oi', html: '<p>oi</p>', text: 'oi' };
    const post = (key: string | null, body: unknown) =>
      fetch(`${sb.url}/_dev/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post(null, mail)).status).toBe(401);
    expect((await post(sb.publishableKey, mail)).status).toBe(401);
    expect((await post(sb.secretKey, { ...mail, to: 'não é e-mail' })).status).toBe(400);
    expect((await post(sb.secretKey, mail)).status).toBe(201);
    expect((await sb.inbox('x@exemplo.com.br')).map((m) => m.subject)).toEqual(['Oi']);
  });

  it('delivers a new notification live to its recipient only (Realtime under RLS)', async () => {
    const other = await sb.createConfirmedUser({ name: 'Outra Pessoa' });
    const live = await signedInLiveClient(sb.url, sb.publishableKey, client.email, client.password);
    const stranger = await signedInLiveClient(sb.url, sb.publishableKey, other.email, other.password);
    const mine = new Recorder<{ new: Record<string, unknown> }>();
    const theirs = new Recorder<{ new: Record<string, unknown> }>();
    const filter = { event: 'INSERT', schema: 'public', table: 'notifications' } as const;
    const { data: me } = await live.auth.getUser();
    await subscribed(live.channel('bell-me').on('postgres_changes', { ...filter, filter: `user_id=eq.${me.user!.id}` }, mine.push));
    await subscribed(stranger.channel('bell-other').on('postgres_changes', filter, theirs.push));
    const { data: ticket } = await sb.serviceClient().from('support_tickets').insert({ user_id: me.user!.id, subject: 'Ao vivo', message_content: 'x' }).select('id').single();
    await sb.serviceClient().from('ticket_messages').insert({ ticket_id: ticket!.id, body: 'Resposta ao vivo' });
    const got = await mine.next(() => true, 3000);
    expect(got.new).toMatchObject({ title: 'Nova resposta no ticket "Ao vivo"', link: `/support/${ticket!.id}`, read_at: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.items).toEqual([]);
    await live.removeAllChannels();
    await stranger.removeAllChannels();
  });
});
