// The new-ticket form of /support: Assunto, Mensagem (5 rows), 'Enviar Ticket' / 'Enviando...'.
// Controlled by the island, which keeps the values on a failed send.
import type { FormEvent } from 'react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Textarea } from '../ui/Textarea';

interface Props {
  subject: string;
  message: string;
  sending: boolean;
  /** Set after a submit with a blank field, to mark the fields that need text. */
  showErrors: boolean;
  onChange: (values: { subject: string; message: string }) => void;
  onSubmit: () => void;
}

export function TicketForm({ subject, message, sending, showErrors, onChange, onSubmit }: Props) {
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
              maxLength={200}
              value={subject}
              onChange={(e) => onChange({ subject: e.target.value, message })}
            />
          </FormField>
          <FormField label="Mensagem" error={messageMissing ? 'Escreva a mensagem.' : null}>
            <Textarea
              name="message"
              rows={5}
              required
              aria-required="true"
              maxLength={10000}
              value={message}
              onChange={(e) => onChange({ subject, message: e.target.value })}
            />
          </FormField>
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
