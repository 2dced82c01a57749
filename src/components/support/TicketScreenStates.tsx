// What a conversation screen shows while its ticket loads, when the ticket does not exist (or is not the reader's),
// and when it could not be read.
import { BackLink, ScreenLoading, ScreenUnavailable } from '../ui/ScreenStates';

export { BackLink };

export function TicketLoading() {
  return <ScreenLoading label="Carregando ticket..." />;
}

export function TicketUnavailable({ notFound, message, back }: { notFound: boolean; message: string; back: { href: string; label: string } }) {
  return <ScreenUnavailable title={notFound ? 'Ticket não encontrado' : 'Erro ao carregar ticket'} message={message} back={back} />;
}
