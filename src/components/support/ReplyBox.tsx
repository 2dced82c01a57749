// The reply box of a conversation: 'Escreva uma resposta...' and 'Enviar Resposta' ('Enviando...'); the staff also
// choose 'Resposta ao cliente' or 'Nota interna'. What is typed stays until the send succeeds (also in this tab's
// draft, so a reload keeps it); a failed send leaves it in place for a retry. The message's id is made at the first
// attempt and kept (in the draft too) while the text and kind stay the same, so a retry after a lost answer is stored
// once; any edit makes it a new message. With `attach`, files chosen under the text ('Anexar arquivos') are sent once the
// message is stored; a file that fails keeps the text, the message's id and the failed files for a retry, which stores
// the message once and sends only what is missing.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AttachmentPicker } from './AttachmentPicker';
import type { PendingFile } from './attachments';
import { isRecord, sessionDraft } from '../../lib/stores/drafts';
import { newId } from '../../lib/util/ids';
import { Button } from '../ui/Button';
import { FormField } from '../ui/FormField';
import { Textarea } from '../ui/Textarea';
import { cn } from '../ui/cn';
import { LIMITS } from '../../lib/domain/field-limits';

export type ReplyKind = 'reply' | 'note';

interface Props {
  audience: 'client' | 'admin';
  /** Resolves true once the message is stored (the box empties), false when it failed (the text stays). */
  onSend: (body: string, kind: ReplyKind, id: string) => Promise<boolean>;
  /** Where the unsent text is kept in this tab (one per user and ticket); none: not kept. */
  draftKey?: string;
  /** Sends the chosen files of the stored message `id`; resolves the ones that failed. None: no attachments. */
  attach?: (id: string, files: PendingFile[]) => Promise<PendingFile[]>;
}

type Draft = { body: string; kind: ReplyKind; pendingId: string | null };

const replyDraft = (key: string) =>
  sessionDraft<Draft>(
    key,
    (v) =>
      isRecord(v) && typeof v.body === 'string'
        ? { body: v.body, kind: v.kind === 'note' ? 'note' : 'reply', pendingId: typeof v.pendingId === 'string' ? v.pendingId : null }
        : null,
    (d) => d.body === '',
  );

const KINDS: Array<{ value: ReplyKind; label: string }> = [
  { value: 'reply', label: 'Resposta ao cliente' },
  { value: 'note', label: 'Nota interna' },
];

export function ReplyBox({ audience, onSend, draftKey, attach }: Props) {
  const [initial] = useState(() => (draftKey ? replyDraft(draftKey).load() : null));
  const [body, setBody] = useState(initial?.body ?? '');
  const [kind, setKind] = useState<ReplyKind>(audience === 'admin' ? (initial?.kind ?? 'reply') : 'reply');
  const [pendingId, setPendingId] = useState<string | null>(initial?.pendingId ?? null);
  const [sending, setSending] = useState(false);
  const [blank, setBlank] = useState(false);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const group = useId();

  useEffect(() => {
    if (draftKey) replyDraft(draftKey).save({ body, kind, pendingId });
  }, [draftKey, body, kind, pendingId]);

  function edit(next: Partial<Pick<Draft, 'body' | 'kind'>>) {
    if (next.body !== undefined) setBody(next.body);
    if (next.kind !== undefined) setKind(next.kind);
    setPendingId(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const text = body.trim();
    if (!text) {
      setBlank(true);
      return;
    }
    setBlank(false);
    setSending(true);
    const submitted = body;
    const id = pendingId ?? newId();
    setPendingId(id);
    if (draftKey) replyDraft(draftKey).save({ body, kind, pendingId: id });
    const sent = await onSend(text, kind, id);
    const failed = sent && attach && files.length > 0 ? await attach(id, files) : [];
    setSending(false);
    if (!sent) return;
    if (failed.length > 0) {
      setFiles(failed);
      return;
    }
    // The sent text goes; what was typed since the answer's toast appeared (a next message) stays.
    setBody((current) => (current === submitted ? '' : current));
    setPendingId(null);
    setFiles([]);
  }

  const note = kind === 'note';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Responder"
      className={cn('flex flex-col gap-3 rounded-lg border bg-white p-4', note ? 'border-dashed border-amber-400' : 'border-slate-200')}
    >
      {audience === 'admin' && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Tipo de mensagem</legend>
          {KINDS.map((k) => (
            <label key={k.value} className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="radio"
                name={`${group}-kind`}
                value={k.value}
                checked={kind === k.value}
                onChange={() => edit({ kind: k.value })}
                className="h-4 w-4 accent-brand-600"
              />
              {k.label}
            </label>
          ))}
        </fieldset>
      )}
      <FormField
        label={note ? 'Nota interna (só a equipe vê)' : 'Sua resposta'}
        error={blank ? 'Escreva uma resposta antes de enviar.' : null}
      >
        <Textarea
          name="reply"
          rows={4}
          dir="auto"
          placeholder="Escreva uma resposta..."
          maxLength={LIMITS.ticketMessage}
          value={body}
          onChange={(e) => edit({ body: e.target.value })}
          className="whitespace-pre-wrap break-words"
        />
      </FormField>
      {attach && <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />}
      <div>
        <Button type="submit" loading={sending}>
          {sending ? 'Enviando...' : note ? 'Adicionar Nota' : 'Enviar Resposta'}
        </Button>
      </div>
    </form>
  );
}
