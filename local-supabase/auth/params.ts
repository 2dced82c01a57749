// Request-body helpers shared by the auth routes.
import type { ApiRequest } from '../http.ts';
import { errors } from './errors.ts';

/** Parses a JSON object body; an empty body is `{}`. */
export function parseBody(req: ApiRequest): Record<string, unknown> {
  if (req.body.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(req.body);
  } catch {
    throw errors.badJson('Could not parse request body as JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.badJson('Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

// GoTrue's address check (the checkmail format): a local part of letters, digits and !#$%&'*+/=?^_`{|}~.- and a host
// of labels of 1-63 letters, digits and inner hyphens joined by single dots. An empty label (`a@b..com`), a label
// starting or ending with a hyphen, spaces or non-ASCII letters are 400 validation_failed 'Unable to validate email
// address: invalid format', before any user is looked up or any mail is sent.
const HOST_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL_RE = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

export function normalizeEmail(v: unknown, missing: string): string {
  if (v === undefined || v === null || v === '') throw errors.validation(missing);
  if (typeof v !== 'string') throw errors.invalidEmail();
  const email = v.trim().toLowerCase();
  if (email.length > 255) throw errors.validation('An email address is too long');
  if (!EMAIL_RE.test(email)) throw errors.invalidEmail();
  return email;
}

export function objectParam(v: unknown, name: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw errors.validation(`${name} must be a JSON object`);
  return v as Record<string, unknown>;
}

