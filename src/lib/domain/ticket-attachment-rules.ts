// Rules of ticket attachments: PDF, images (PNG, JPEG, WebP) and text (TXT, CSV), up to 10 MB per file; the
// ticket-attachments bucket enforces the same limits again.
import { DOCUMENT_RULES, acceptOf, documentTypeLabel, type UploadRules } from './document-rules';
import { fileRefusal } from './file-signatures';

const TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/plain', 'text/csv'];

/** The largest attachment the bucket takes: 10 MB. */
export const MAX_ATTACHMENT_BYTES = 10_485_760;

export const ATTACHMENT_RULES: UploadRules = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  labels: Object.fromEntries(TYPES.map((t) => [t, DOCUMENT_RULES.labels[t]!])),
  extensions: Object.fromEntries(Object.entries(DOCUMENT_RULES.extensions).filter(([, t]) => TYPES.includes(t))),
  formatsText: 'PDF, PNG, JPEG, WebP, texto (TXT) e CSV',
};

/** What the attachment picker offers (`accept`). */
export const ATTACHMENT_ACCEPT = acceptOf(ATTACHMENT_RULES);

/** How many files one message carries at most. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

/** Why a file cannot be attached (type, size, first bytes), in pt-BR naming it, or null. Nothing is sent. */
export const attachmentRefusal = (file: File) => fileRefusal(file, ATTACHMENT_RULES, documentTypeLabel);
