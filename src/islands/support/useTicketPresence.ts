// Who else from the agency has this ticket open, and who is typing a reply, so two people do not answer the same client.
// Realtime Presence (nothing is stored): the staff's ticket screen joins the channel of the ticket's id with the user's
// id as key and their display name in the payload; the client's screen never joins it. Typing is said when the reply
// box gets text and unsaid after a few seconds without a keystroke, when the box is emptied and when the reply is sent.
// The channel is private: only staff may join it, see it and announce themselves (policies on realtime.messages). Even
// so, only peers whose key is one of the agency's staff are shown, under the name the database has for them, never the
// name a peer announces.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PresenceHandle, PresencePeer } from '../../lib/data/live';
import { personLabel } from '../../lib/domain/profile-rules';
import { listTeam } from '../../lib/data/team';
import { loadLive } from '../hooks/useLiveTable';

/** Without a keystroke for this long, a person no longer counts as typing. */
export const TYPING_IDLE_MS = 4000;

/** The presence channel of a ticket (staff only). */
export const ticketPresenceTopic = (ticketId: string) => `support-ticket:${ticketId}`;

export function useTicketPresence(ticketId: string | null, me: { id: string; name: string } | null) {
  const [peers, setPeers] = useState<PresencePeer[]>([]);
  /** The agency's staff by id (read once someone else is on the channel); empty when it could not be read. */
  const [staff, setStaff] = useState<Map<string, string> | null>(null);
  const handle = useRef<PresenceHandle | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const meId = me?.id ?? null;
  const meName = me?.name ?? '';

  const clearIdle = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
  };

  useEffect(() => {
    if (!ticketId || !meId) return;
    let left = false;
    let joined: PresenceHandle | null = null;
    loadLive().then(
      ({ joinPresence }) => {
        if (left) return;
        joined = joinPresence(ticketPresenceTopic(ticketId), { key: meId, name: meName }, setPeers);
        handle.current = joined;
      },
      () => undefined,
    );
    return () => {
      left = true;
      clearIdle();
      joined?.leave();
      handle.current = null;
      setPeers([]);
    };
  }, [ticketId, meId, meName]);

  useEffect(() => {
    if (staff !== null || peers.length === 0) return;
    let gone = false;
    listTeam().then(
      (team) => !gone && setStaff(new Map(team.map((m) => [m.id, personLabel(m)]))),
      () => !gone && setStaff(new Map()),
    );
    return () => {
      gone = true;
    };
  }, [peers.length, staff]);

  const staffPeers = useMemo(
    () => (staff ? peers.filter((p) => staff.has(p.key)).map((p) => ({ ...p, name: staff.get(p.key)! })) : []),
    [peers, staff],
  );

  /** The reply box now holds `text`: typing while it has any, until TYPING_IDLE_MS pass without a keystroke. */
  const typed = useCallback((text: string) => {
    clearIdle();
    if (!text.trim()) {
      handle.current?.setTyping(false);
      return;
    }
    handle.current?.setTyping(true);
    idle.current = setTimeout(() => {
      idle.current = null;
      handle.current?.setTyping(false);
    }, TYPING_IDLE_MS);
  }, []);

  /** The reply was sent (or abandoned): no longer typing. */
  const stopTyping = useCallback(() => {
    clearIdle();
    handle.current?.setTyping(false);
  }, []);

  return { peers: staffPeers, typed, stopTyping };
}
