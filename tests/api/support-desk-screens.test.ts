// The support screens' own queries through supabase-js, as the data modules send them: the client's list with their
// last opening embedded ('Nova resposta'), the conversation with its authors, the staff's ticket with its client, and
// the inbox's e-mail search and filters. Against an in-memory local Supabase with the project's migrations.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let client: SupabaseClient;
let admin: SupabaseClient;
let user: TestUser;
let ticketId: string;
const tag = randomUUID().slice(0, 8);

const LIST = '*, reads:support_ticket_reads(last_read_at)';
const MESSAGES = 'id, ticket_id, author_id, body, internal, created_at, author:profiles!ticket_messages_author_id_fkey(full_name, email)';

function send(as: SupabaseClient, body: string, internal = false) {
  return as
    .from('ticket_messages')
    .upsert({ id: randomUUID(), ticket_id: ticketId, body, ...(internal ? { internal } : {}) }, { onConflict: 'id', ignoreDuplicates: true })
    .select(MESSAGES);
}

async function listRow() {
  const { data, error } = await client.from('support_tickets').select(LIST).eq('id', ticketId).single();
  if (error) throw error;
  return data as { status: string; last_staff_reply_at: string | null; reads: { last_read_at: string }[] };
}

beforeAll(async () => {
  sb = await startTestBackend();
  user = await sb.createConfirmedUser({ name: 'Carla Telas', email: `Carla.${tag}@Cliente-Telas.com.br` });
  const staff = await sb.createConfirmedUser({ name: 'Gabi Equipe', appMetadata: { role: 'admin' } });
  client = await sb.signedInClient(user.email, user.password);
  admin = await sb.signedInClient(staff.email, staff.password);
  ticketId = randomUUID();
  const { error } = await client.from('support_tickets').insert({ id: ticketId, subject: `Telas ${tag}`, message_content: 'Primeira.' });
  if (error) throw error;
});
afterAll(async () => {
  await sb?.stop();
});

describe('as consultas das telas de suporte', () => {
  it('a leitura da equipe não conta como abertura do cliente: só a dele tira a "Nova resposta"', async () => {
    expect((await send(admin, 'Resposta da equipe.')).error).toBeNull();
    expect((await admin.rpc('mark_ticket_read', { ticket_id: ticketId })).error).toBeNull();
    const before = await listRow();
    expect(before.reads).toEqual([]);
    expect(before.last_staff_reply_at).not.toBeNull();
    expect((await client.rpc('mark_ticket_read', { ticket_id: ticketId })).error).toBeNull();
    const after = await listRow();
    expect(after.reads).toHaveLength(1);
    expect(Date.parse(after.reads[0].last_read_at)).toBeGreaterThanOrEqual(Date.parse(after.last_staff_reply_at!));
  });

  it('a conversa vem em ordem com o nome de quem escreveu; a nota interna só para a equipe', async () => {
    expect((await send(admin, 'Nota só da equipe.', true)).error).toBeNull();
    const mine = await send(client, 'Resposta da cliente.');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([expect.objectContaining({ body: 'Resposta da cliente.', author: { full_name: 'Carla Telas', email: user.email.toLowerCase() } })]);
    const seenByClient = await client.from('ticket_messages').select(MESSAGES).eq('ticket_id', ticketId).order('created_at').order('id');
    expect(seenByClient.error).toBeNull();
    expect((seenByClient.data ?? []).map((m) => [m.body, (m.author as unknown as { full_name: string } | null)?.full_name])).toEqual([
      ['Resposta da equipe.', 'Gabi Equipe'],
      ['Resposta da cliente.', 'Carla Telas'],
    ]);
    const seenByStaff = await admin.from('ticket_messages').select(MESSAGES).eq('ticket_id', ticketId).order('created_at').order('id');
    expect((seenByStaff.data ?? []).map((m) => m.internal)).toEqual([false, true, false]);
  });

  it('a tela da equipe lê o ticket com o nome e o e-mail do cliente; a resposta da equipe o pôs Em Progresso', async () => {
    const { data, error } = await admin
      .from('support_tickets')
      .select('*, client:profiles!support_tickets_user_id_fkey(full_name, email)')
      .eq('id', ticketId)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'in_progress', client: { full_name: 'Carla Telas', email: user.email.toLowerCase() } });
  });

  it('a caixa de entrada acha o ticket pelo e-mail do cliente (sem diferenciar maiúsculas) e respeita os filtros', async () => {
    const term = `CARLA.${tag.toUpperCase()}@CLIENTE-telas`;
    const waiting = await admin.rpc('support_inbox', { search_term: term });
    expect(waiting.error).toBeNull();
    expect((waiting.data as { id: string }[]).map((r) => r.id)).toEqual([ticketId]);
    const seen = ((await listRow()) as unknown as { updated_at: string }).updated_at;
    expect((await admin.rpc('set_ticket_status', { ticket_id: ticketId, new_status: 'resolved', seen_updated_at: seen })).error).toBeNull();
    const stillWaiting = await admin.rpc('support_inbox', { search_term: term });
    expect(stillWaiting.data).toEqual([]);
    const resolved = await admin.rpc('support_inbox', { search_term: term, waiting_only: false, status_filter: 'resolved' });
    expect((resolved.data as { id: string; waiting_since: string | null }[])).toEqual([
      expect.objectContaining({ id: ticketId, status: 'resolved', waiting_since: null }),
    ]);
    const open = await admin.rpc('support_inbox', { search_term: term, waiting_only: false, status_filter: 'open' });
    expect(open.data).toEqual([]);
  });
});
