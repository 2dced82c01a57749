// The staff's ticket screen: who else from the agency has the ticket open, and who is typing a reply. A polite live
// region (present while empty, so a screen reader announces each change).
import Eye from 'lucide-react/icons/eye';
import PenLine from 'lucide-react/icons/pen-line';
import type { PresencePeer } from '../../lib/data/live';

export function presenceText(peer: PresencePeer): string {
  return peer.typing ? `${peer.name} está escrevendo…` : `${peer.name} também está vendo este ticket`;
}

export function PresenceNotice({ peers }: { peers: PresencePeer[] }) {
  return (
    <div role="status" aria-live="polite" data-testid="ticket-presence">
      {peers.length > 0 && (
        <ul className="flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {peers.map((peer) => {
            const Icon = peer.typing ? PenLine : Eye;
            return (
              <li key={peer.key} className="flex items-center gap-2">
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span dir="auto" className="min-w-0 break-words [overflow-wrap:anywhere]">
                  {presenceText(peer)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
