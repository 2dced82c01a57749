// The new-ticket form of /support: Assunto, 'Projeto (opcional)' (one of the client's projects the ticket is about),
// Mensagem (5 rows), the files attached to it, 'Enviar Ticket' / 'Enviando...'. Controlled by the island, which keeps the
// values (and the chosen files) on a failed send.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { Textarea } from '../ui/Textarea';
import { LIMITS } from '../../lib/domain/field-limits';

export interface TicketFormValues {
  subject: string;
  message: string;
  /** The project the ticket is about; '' for none. */
  projectId: string;
}

interface Props extends TicketFormValues {
  /** The client's projects to choose from; null while they load. */
  projects: { id: string; title: string }[] | null;
  sending: boolean;
  /** Set after a submit with a blank field, to mark the fields that need text. */
  showErrors: boolean;
  onChange: (values: TicketFormValues) => void;
  onSubmit: () => void;
  /** The attachment picker of the first message. */
  attachments?: ReactNode;
}

export function TicketForm({ subject, message, projectId, projects, sending, showErrors, onChange, onSubmit, attachments }: Props) {
  const values = { subject, message, projectId };
  // A chosen project not (yet) in the list still shows as chosen.
  const unlisted = projectId !== '' && !projects?.some((p) => p.id === projectId);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  const subjectMissing = showErrors && subject.trim() === '';
  const messageMissing = showErrors && message.trim() === '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Abrir Novo Ticket</CardTitle>
        <CardDescription>Descreva sua dúvida ou problema e nossa equipe responderá em breve.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField label="Assunto" error={subjectMissing ? 'Informe o assunto.' : null}>
            <Input
              name="subject"
              placeholder="Ex: Dúvida sobre faturamento"
              required
              aria-required="true"
              maxLength={LIMITS.ticketSubject}
              value={subject}
              onChange={(e) => onChange({ ...values, subject: e.target.value })}
            />
          </FormField>
          <FormField label="Projeto (opcional)" hint="O projeto sobre o qual é este ticket.">
            <Select name="project" value={projectId} onChange={(e) => onChange({ ...values, projectId: e.target.value })}>
              <option value="">Nenhum projeto</option>
              {unlisted && <option value={projectId}>{projects === null ? 'Carregando projeto...' : 'Projeto selecionado'}</option>}
              {(projects ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Mensagem" error={messageMissing ? 'Escreva a mensagem.' : null}>
            <Textarea
              name="message"
              rows={5}
              required
              aria-required="true"
              maxLength={LIMITS.ticketMessage}
              value={message}
              onChange={(e) => onChange({ ...values, message: e.target.value })}
            />
          </FormField>
          {attachments}
          <div>
            <Button type="submit" loading={sending}>
              {sending ? 'Enviando...' : 'Enviar Ticket'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
