// A local Supabase restarted on the same data folder and port: realtime-js reconnects and rejoins by itself, and the
// subscriber gets the changes committed after the restart, still under its own row-level security.
import type { SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';
import { Recorder, signedInLiveClient, subscribed } from './realtime-support.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtime-restart-'));
let sb: TestBackend | null = null;
let client: SupabaseClient | null = null;

beforeAll(async () => {
  sb = await startTestBackend({ dataDir });
});
afterAll(async () => {
  await client?.removeAllChannels();
  await sb?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('resumes deliveries after a restart through the client\'s own reconnection', { timeout: 240_000 }, async () => {
  if (!sb) throw new Error('no backend');
  const port = Number(new URL(sb.url).port);
  const owner = await sb.createConfirmedUser({ name: 'Reconexão' });
  const other = await sb.createConfirmedUser({ name: 'Outra Pessoa' });
  client = await signedInLiveClient(sb.url, sb.publishableKey, owner.email, owner.password);
  const rec = new Recorder<{ eventType: string; new: Record<string, unknown> }>();
  const states = new Recorder<string>();
    const channel = client
    .channel('reconexao')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'support_tickets' }, (p) => rec.push(p as never));
  channel.on('system', {}, (m: { extension?: string; status?: string }) => {
    if (m.extension === 'postgres_changes' && m.status === 'ok') states.push('listening');
  });
  await subscribed(channel);
  expect((await client.from('support_tickets').insert({ subject: 'Antes do reinício', message_content: 'a' })).error).toBeNull();
  await rec.next((p) => p.new.subject === 'Antes do reinício');

  await sb.stop();
  states.clear();
  sb = await startTestBackend({ dataDir, port });
  // realtime-js retries after 1 s, 2 s, 5 s…; the channel rejoins with the same bindings and token.
  await states.next((s) => s === 'listening', 12000);
  await sb.serviceClient().from('support_tickets').insert({ user_id: other.id, subject: 'De outra pessoa', message_content: 'b' });
  expect((await client.from('support_tickets').insert({ subject: 'Depois do reinício', message_content: 'c' })).error).toBeNull();
  await rec.next((p) => p.new.subject === 'Depois do reinício', 2000);
  expect(rec.items.map((p) => p.new.subject)).toEqual(['Antes do reinício', 'Depois do reinício']);
});
