// The number on the sidebar's support entry: for a client, their tickets with a new staff reply ('Suporte e Ajuda');
// for the staff, the tickets waiting for the agency ('Suporte ao Cliente'). The shell reads it on load; a support
// screen refreshes it after whatever changes it (opening a ticket, a reply, a status change).
// The data modules load with the first count, not with the shell: the badge is not part of a screen's first view.
import { atom } from 'nanostores';

export type SupportBadgeKind = 'client' | 'staff';

/** Per audience; null until read (or when the read failed: no badge rather than a wrong one). */
export const $supportBadge = atom<Record<SupportBadgeKind, number | null>>({ client: null, staff: null });

const generation: Record<SupportBadgeKind, number> = { client: 0, staff: 0 };

/** Reads the count again; an answer overtaken by a newer request is dropped. */
export async function refreshSupportBadge(kind: SupportBadgeKind): Promise<void> {
  const gen = ++generation[kind];
  try {
    const count =
      kind === 'client'
        ? await (await import('../data/tickets')).supportUnreadCount()
        : await (await import('../data/support-desk')).supportWaitingCount();
    if (gen === generation[kind]) $supportBadge.set({ ...$supportBadge.get(), [kind]: count });
  } catch {
    if (gen === generation[kind]) $supportBadge.set({ ...$supportBadge.get(), [kind]: null });
  }
}
