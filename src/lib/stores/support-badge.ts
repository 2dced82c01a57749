// The number on the sidebar's support entry: for a client, their tickets with a new staff reply ('Suporte e Ajuda');
// for the staff, the tickets waiting for the agency ('Suporte ao Cliente'). The shell reads it on load; a support
// screen refreshes it after whatever changes it (opening a ticket, a reply, a status change).
// The badge is not part of a screen's first view: the shell's first read, and the data modules it loads, wait until the
// screen's first data is in.
import { atom } from 'nanostores';
import { whenFirstDataIn } from '../data/supabase';

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

/** The shell's first read: once the screen's first data is in (at most 3 s), unless a screen has read it already. */
export async function readSupportBadgeAfterFirstView(kind: SupportBadgeKind): Promise<void> {
  await whenFirstDataIn(3000);
  if (generation[kind] === 0) await refreshSupportBadge(kind);
}
