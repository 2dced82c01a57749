// Data module for `notifications` (the bell) and `notification_preferences` (the e-mail switch). The database writes
// notifications (triggers) and row-level security shows each user only their own; the user may only mark them read
// (the server keeps the first read time). Live changes come through Realtime (`watchNotifications`), loaded on demand.
import type { Tables } from '../database.types';
import type { NotificationKind } from '../domain/status-codes';
import { supabase } from './supabase';
import { NotFoundError, currentUserId, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';

export const NOTIFICATIONS_SHOWN = 20;

const COLUMNS = 'id, user_id, kind, title, body, link, read_at, created_at';
export type Notification = Omit<Tables<'notifications'>, 'kind'> & { kind: NotificationKind };

/** The latest notifications, newest first, and how many are unread in all. */
export async function listNotifications(limit = NOTIFICATIONS_SHOWN): Promise<{ rows: Notification[]; unread: number }> {
  const userId = await currentUserId();
  const [list, count] = await Promise.all([
    run(() =>
      supabase
        .from('notifications')
        .select(COLUMNS)
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit)
        .overrideTypes<Notification[], { merge: false }>(),
    ),
    // A GET with the exact count (Content-Range) and at most one row: the unread count of all, not only those listed.
    run(() => supabase.from('notifications').select('id', { count: 'exact' }).eq('user_id', userId).is('read_at', null).limit(1)),
  ]);
  if (list.error) throw toDataError(list.error, list.status, 'Não foi possível carregar as notificações.');
  if (count.error) throw toDataError(count.error, count.status, 'Não foi possível carregar as notificações.');
  return { rows: list.data ?? [], unread: count.count ?? 0 };
}

/** Marks one notification read; one that is gone (or not the caller's) is a NotFoundError. */
export async function markNotificationRead(id: string): Promise<Notification> {
  if (!isUuid(id)) throw new NotFoundError('Notificação não encontrada.');
  const { data, error, status } = await run(() =>
    supabase
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', id)
      .select(COLUMNS)
      .overrideTypes<Notification[], { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível marcar a notificação como lida.');
  if (!data || data.length === 0) throw new NotFoundError('Notificação não encontrada.');
  return data[0]!;
}

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllNotificationsRead(): Promise<number> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('notifications').update({ read_at: new Date().toISOString() }).eq('user_id', userId).is('read_at', null).select('id'),
  );
  if (error) throw toDataError(error, status, 'Não foi possível marcar as notificações como lidas.');
  return data?.length ?? 0;
}

/** Whether the caller receives notifications by e-mail (no row yet: yes). */
export async function getEmailNotifications(): Promise<boolean> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('notification_preferences').select('email_enabled').eq('user_id', userId).maybeSingle(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar as preferências.');
  return data?.email_enabled ?? true;
}

/** Turns the caller's notification e-mails on or off (creates their preferences row the first time). */
export async function setEmailNotifications(enabled: boolean): Promise<boolean> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase
      .from('notification_preferences')
      .upsert({ user_id: userId, email_enabled: enabled }, { onConflict: 'user_id' })
      .select('email_enabled')
      .single(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível salvar a preferência.');
  return data.email_enabled;
}

export type NotificationChange = { type: 'INSERT' | 'UPDATE'; row: Notification } | { type: 'DELETE'; id: string };

/**
 * Calls `onChange` for each new, changed or removed notification of the signed-in user, through the page's Realtime
 * client (src/lib/data/live.ts, loaded now, not with the page). `onListening` runs each time the server starts
 * listening (first join and every rejoin). Answers a function that unsubscribes.
 */
export async function watchNotifications(onChange: (change: NotificationChange) => void, onListening?: () => void): Promise<() => void> {
  const userId = await currentUserId();
  const { watchTables } = await import('./live');
  return watchTables(`notifications:${userId}`, [{ table: 'notifications', filter: `user_id=eq.${userId}` }], {
    onChange: (c) =>
      c.event === 'DELETE'
        ? onChange({ type: 'DELETE', id: String(c.old?.id ?? '') })
        : onChange({ type: c.event, row: c.row as unknown as Notification }),
    onListening,
  });
}
