// Files chosen for a ticket message. Each chosen file gets its attachment id when chosen, kept across retries, so a
// retry after a lost answer stores it once.

export interface PendingFile {
  /** The attachment's id (made when the file was chosen). */
  id: string;
  file: File;
  /** Why the last attempt to send it failed; none before. */
  error?: string;
}

/** The toast text for files that failed after their message was stored. */
export function attachmentFailureText(failed: PendingFile[], stored: 'o ticket' | 'a mensagem'): string {
  const reasons = failed.map((f) => f.error).join(' ');
  const kept = failed.length === 1 ? 'O anexo que falhou continua selecionado' : 'Os anexos que falharam continuam selecionados';
  return `${reasons} ${stored === 'o ticket' ? 'O ticket foi criado' : 'A mensagem foi enviada'}; ${kept}: tente enviar novamente.`;
}
