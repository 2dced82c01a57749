// The bell's store: live changes update the list and the unread count without asking the server again; marking read
// shows at once and is undone when the server refuses.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  listNotifications: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
  watchNotifications: vi.fn(),
}));
vi.mock('../../src/lib/data/notifications', () => ({ NOTIFICATIONS_SHOWN: 3, ...data }));

import { $notifications, applyNotificationChange, markAllRead, markRead, reloadNotifications } from '../../src/lib/stores/notifications';
import type { Notification } from '../../src/lib/data/notifications';

const row = (id: string, minute: number, read = false): Notification => ({
  id,
  user_id: 'u',
  kind: 'ticket_reply',
  title: `t${id}`,
  body: '',
  link: '/support/x',
  read_at: read ? '2026-11-27T12:00:00Z' : null,
  created_at: `2026-11-27T12:${String(minute).padStart(2, '0')}:00Z`,
});

beforeEach(async () => {
  vi.resetAllMocks();
  data.listNotifications.mockResolvedValue({ rows: [row('b', 2), row('a', 1, true)], unread: 5 });
  await reloadNotifications();
});

describe('notifications store', () => {
  it('puts a new notification first, counts it unread, ignores a repeat and keeps the list short', () => {
    applyNotificationChange({ type: 'INSERT', row: row('c', 3) });
    applyNotificationChange({ type: 'INSERT', row: row('c', 3) });
    applyNotificationChange({ type: 'INSERT', row: row('d', 4) });
    const s = $notifications.get();
    expect(s.rows.map((r) => r.id)).toEqual(['d', 'c', 'b']);
    expect(s.unread).toBe(7);
  });

  it('an update read elsewhere (another tab) lowers the count once', () => {
    applyNotificationChange({ type: 'UPDATE', row: row('b', 2, true) });
    applyNotificationChange({ type: 'UPDATE', row: row('b', 2, true) });
    expect($notifications.get().unread).toBe(4);
  });

  it('marks read at once and puts it back when the server refuses', async () => {
    data.markNotificationRead.mockRejectedValue(new Error('offline'));
    const pending = markRead('b');
    expect($notifications.get().unread).toBe(4);
    await expect(pending).rejects.toThrow('offline');
    expect($notifications.get().unread).toBe(5);
    expect($notifications.get().rows[0]!.read_at).toBeNull();
  });

  it("'Marcar todas como lidas' zeroes the count, also for those not listed", async () => {
    data.markAllNotificationsRead.mockResolvedValue(5);
    await markAllRead();
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().rows.every((r) => r.read_at)).toBe(true);
  });
});
