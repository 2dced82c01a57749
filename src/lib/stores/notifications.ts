// The bell's state, shared by every bell on the page (the sidebar's and the narrow screen's drawer's): the latest
// notifications, the unread count, and one live subscription. Started by the bell once the screen has painted.
import { atom } from 'nanostores';
import {
  NOTIFICATIONS_SHOWN,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  watchNotifications,
  type Notification,
  type NotificationChange,
} from '../data/notifications';
import { errorMessage } from '../util/error-message';

export interface NotificationsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  rows: Notification[];
  unread: number;
  error: string | null;
}

export const $notifications = atom<NotificationsState>({ status: 'idle', rows: [], unread: 0, error: null });

let started = false;
let loading: Promise<void> | null = null;

/** Loads the list again (first time, after a reconnection, on 'Tentar novamente'). */
export function reloadNotifications(): Promise<void> {
  return (loading ??= (async () => {
    const current = $notifications.get();
    if (current.status !== 'ready') $notifications.set({ ...current, status: 'loading', error: null });
    try {
      const { rows, unread } = await listNotifications();
      $notifications.set({ status: 'ready', rows, unread, error: null });
    } catch (e) {
      const now = $notifications.get();
      // A list already shown stays; only a first load shows the error.
      if (now.status !== 'ready') $notifications.set({ ...now, status: 'error', error: errorMessage(e, 'Não foi possível carregar as notificações.') });
    } finally {
      loading = null;
    }
  })());
}

/** Applies one live change to the list and the count. */
export function applyNotificationChange(change: NotificationChange): void {
  const state = $notifications.get();
  if (change.type === 'INSERT') {
    if (state.rows.some((r) => r.id === change.row.id)) return;
    const rows = [change.row, ...state.rows]
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
      .slice(0, NOTIFICATIONS_SHOWN);
    $notifications.set({ ...state, rows, unread: state.unread + (change.row.read_at ? 0 : 1) });
    return;
  }
  if (change.type === 'UPDATE') {
    const before = state.rows.find((r) => r.id === change.row.id);
    if (!before) {
      void reloadNotifications();
      return;
    }
    const delta = (before.read_at ? 0 : 1) - (change.row.read_at ? 0 : 1);
    $notifications.set({
      ...state,
      rows: state.rows.map((r) => (r.id === change.row.id ? { ...r, ...change.row } : r)),
      unread: Math.max(0, state.unread - delta),
    });
    return;
  }
  void reloadNotifications();
}

/**
 * Starts the bell once per page: the first list, then the live subscription. Each time the server starts listening
 * (the first join too) the list is read again: what happened between the first read and the join, or while the
 * connection was down, is not replayed by Realtime.
 */
export function startNotifications(): void {
  if (started) return;
  started = true;
  void reloadNotifications().then(() => {
    watchNotifications(applyNotificationChange, () => void reloadNotifications()).catch(() => {
      // Without Realtime the bell still shows what was loaded; the next page load tries again.
    });
  });
}

function setRead(ids: Set<string> | 'all', at: string | null): void {
  const state = $notifications.get();
  let changed = 0;
  const rows = state.rows.map((r) => {
    if ((ids === 'all' || ids.has(r.id)) && !r.read_at && at) {
      changed += 1;
      return { ...r, read_at: at };
    }
    return r;
  });
  $notifications.set({ ...state, rows, unread: ids === 'all' ? 0 : Math.max(0, state.unread - changed) });
}

/** Marks one notification read at once on screen, then in the database (a failure puts it back and rethrows). */
export async function markRead(id: string): Promise<void> {
  const before = $notifications.get();
  const row = before.rows.find((r) => r.id === id);
  if (!row || row.read_at) return;
  setRead(new Set([id]), new Date().toISOString());
  try {
    const saved = await markNotificationRead(id);
    applyNotificationChange({ type: 'UPDATE', row: saved });
  } catch (e) {
    $notifications.set(before);
    throw e;
  }
}

/** 'Marcar todas como lidas': at once on screen, then in the database (a failure puts the list back and rethrows). */
export async function markAllRead(): Promise<void> {
  const before = $notifications.get();
  setRead('all', new Date().toISOString());
  try {
    await markAllNotificationsRead();
  } catch (e) {
    $notifications.set(before);
    throw e;
  }
}
