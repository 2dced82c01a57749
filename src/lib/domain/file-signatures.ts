// Whether a file's first bytes match the type it is sent as: an HTML page renamed 'relatorio.pdf' is not a PDF. One
// table for every upload of the product (project documents, ticket attachments), checked in the browser before a
// byte is sent; the local Storage server checks uploads with the same table. Types without a table entry are not
// checked here (the bucket's list of types still applies).
import { uploadMimeType, uploadProblem, type UploadRules } from './document-rules';

/** How many leading bytes the check reads. */
export const SIGNATURE_BYTES = 1024;

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const startsWith = (head: Uint8Array, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/** A PDF's header may follow a few bytes of junk; readers accept it within the first kilobyte. */
function isPdf(head: Uint8Array): boolean {
  const marker = ascii('%PDF-');
  for (let at = 0; at + marker.length <= head.length && at < SIGNATURE_BYTES; at += 1) {
    if (startsWith(head, marker, at)) return true;
  }
  return false;
}

/** ZIP containers (zip, docx, xlsx, pptx): a local file header, or the end record of an empty archive. */
const isZip = (head: Uint8Array) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);

/** Markup that a browser would run as a page or an image with scripts. */
const MARKUP = /^(?:\ufeff)?\s*<(?:!doctype\s+html|html|head|body|script|svg|\?xml|iframe)[\s>/]/i;

/** Text: no NUL byte, valid UTF-8 (a character cut at the end of the sample is fine) and not an HTML or SVG document. */
function isPlainText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(trimPartialCharacter(head));
  } catch {
    // Not UTF-8: accept the single-byte encodings older spreadsheets export (Latin-1, Windows-1252).
    text = new TextDecoder('latin1').decode(head);
  }
  return !MARKUP.test(text);
}

/** The sample without a UTF-8 sequence cut short at its end. */
function trimPartialCharacter(head: Uint8Array): Uint8Array {
  let end = head.length;
  let back = 0;
  while (end - back - 1 >= 0 && back < 3 && (head[end - back - 1]! & 0xc0) === 0x80) back += 1;
  const lead = head[end - back - 1];
  if (lead !== undefined && lead >= 0xc0) {
    const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (back + 1 < needed) end = end - back - 1;
  }
  return head.subarray(0, end);
}

const CHECKS: Record<string, (head: Uint8Array) => boolean> = {
  'application/pdf': isPdf,
  'image/png': (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  'image/webp': (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  'text/plain': isPlainText,
  'text/csv': isPlainText,
  'application/zip': isZip,
  'application/x-zip-compressed': isZip,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': isZip,
};

/**
 * True when the first bytes of a file (at least the first SIGNATURE_BYTES, or the whole file when smaller) contradict
 * its MIME type (parameters such as charset ignored). An empty file or a type without a check never contradicts.
 */
export function contentContradictsType(mimeType: string, head: Uint8Array): boolean {
  const check = CHECKS[mimeType.split(';')[0]!.trim().toLowerCase()];
  if (!check || head.length === 0) return false;
  return !check(head.subarray(0, SIGNATURE_BYTES));
}

/** The pt-BR refusal of a file whose bytes are not what its type says. */
export function contentMismatchMessage(fileName: string, typeLabel: string): string {
  return `O conteúdo do arquivo "${fileName}" não corresponde ao tipo ${typeLabel}. Envie o arquivo original.`;
}

/** Reads a file's first bytes and answers the pt-BR refusal when they contradict `mimeType`, else null. */
export async function fileContentProblem(
  file: Blob & { name: string },
  mimeType: string,
  typeLabel: string,
): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return contentContradictsType(mimeType, head) ? contentMismatchMessage(file.name, typeLabel) : null;
}

/**
 * Why a file may not go to a bucket with `rules`, in pt-BR naming it, or null: its type, size and first bytes (an HTML
 * page named '.pdf' is refused), checked before anything is sent.
 */
export async function fileRefusal(file: File, rules: UploadRules, typeLabel: (mimeType: string, name: string) => string): Promise<string | null> {
  const problem = uploadProblem(file, rules);
  const mimeType = uploadMimeType(file, rules);
  if (problem || !mimeType) return problem ?? `O arquivo "${file.name}" não é de um tipo aceito.`;
  return fileContentProblem(file, mimeType, typeLabel(mimeType, file.name));
}
