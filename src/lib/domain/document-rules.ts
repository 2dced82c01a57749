// Rules of stored files: which files a bucket takes, how sizes and types read in pt-BR, and the messages shown when a
// file is refused before any byte is sent; the project documents' rules ('Documentos'). Each bucket enforces the same
// limits again.

/** What a bucket takes: its size limit, its types (each with its pt-BR label) and how the refusals name them. */
export interface UploadRules {
  maxBytes: number;
  /** Allowed MIME types and the pt-BR label of each. */
  labels: Record<string, string>;
  /** The type of a file by its extension, for browsers that give no type (or a generic one) for a picked file. */
  extensions: Record<string, string>;
  /** The allowed formats as the error messages name them. */
  formatsText: string;
}

/** The largest file the project-documents bucket takes: 25 MB. */
export const MAX_DOCUMENT_BYTES = 26_214_400;

/** Project documents: PDF, images, text, CSV, ZIP and Office files, up to 25 MB. */
export const DOCUMENT_RULES: UploadRules = {
  maxBytes: MAX_DOCUMENT_BYTES,
  labels: {
    'application/pdf': 'PDF',
    'image/png': 'PNG',
    'image/jpeg': 'JPEG',
    'image/webp': 'WebP',
    'text/plain': 'Texto',
    'text/csv': 'CSV',
    'application/zip': 'ZIP',
    'application/x-zip-compressed': 'ZIP',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (docx)',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint (pptx)',
  },
  extensions: {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    txt: 'text/plain',
    csv: 'text/csv',
    zip: 'application/zip',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  formatsText: 'PDF, PNG, JPEG, WebP, texto (TXT), CSV, ZIP, Word (docx), Excel (xlsx) e PowerPoint (pptx)',
};

/** What a file picker offers (`accept`): the allowed types and their extensions. */
export const acceptOf = (rules: UploadRules) =>
  [...Object.keys(rules.labels), ...Object.keys(rules.extensions).map((e) => `.${e}`)].join(',');

/** What the project documents' picker offers. */
export const DOCUMENT_ACCEPT = acceptOf(DOCUMENT_RULES);

/** The allowed formats of project documents as the error messages name them. */
export const ALLOWED_FORMATS_TEXT = DOCUMENT_RULES.formatsText;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The MIME type a file is sent with: its own when it is an allowed one (charset and other parameters dropped), else
 * the type its extension names when that is allowed, else null (the file is refused).
 */
export function uploadMimeType(file: { name: string; type: string }, rules: UploadRules): string | null {
  const own = file.type.split(';')[0]!.trim().toLowerCase();
  if (own in rules.labels) return own;
  const byExtension = rules.extensions[extensionOf(file.name)];
  return byExtension && byExtension in rules.labels ? byExtension : null;
}

/** The MIME type a project document is sent with, or null when the file is refused. */
export const documentMimeType = (file: { name: string; type: string }) => uploadMimeType(file, DOCUMENT_RULES);

/** The pt-BR label of a stored type ('PDF', 'Word (docx)'); an unknown one shows the extension or 'Arquivo'. */
export function documentTypeLabel(mimeType: string, name = ''): string {
  return DOCUMENT_RULES.labels[mimeType] ?? (extensionOf(name).toUpperCase() || 'Arquivo');
}

const decimal = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(n);

/** A size in pt-BR with binary units: 512 → '512 bytes', 1536 → '1,5 KB', 1258291 → '1,2 MB', 26214400 → '25 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would round to '1024 KB': show it in the next unit instead.
  if (Number(value.toFixed(1)) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal(value)} ${units[unit]}`;
}

/**
 * Why a file cannot be uploaded under `rules`, in pt-BR and naming the file and the limit, or null when it can. Checked
 * in the browser before any byte is sent.
 */
export function uploadProblem(file: { name: string; type: string; size: number }, rules: UploadRules): string | null {
  if (uploadMimeType(file, rules) === null) {
    return `O arquivo "${file.name}" não é de um tipo aceito. Tipos aceitos: ${rules.formatsText}.`;
  }
  if (file.size > rules.maxBytes) {
    return `O arquivo "${file.name}" tem ${formatFileSize(file.size)} e passa do limite de ${formatFileSize(rules.maxBytes)} por arquivo.`;
  }
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`;
  return null;
}

/** Why a file cannot be a project document, or null when it can. */
export const documentProblem = (file: { name: string; type: string; size: number }) => uploadProblem(file, DOCUMENT_RULES);
