// The request/response shapes the local Supabase's handlers work with (plain data, no node:http objects).

export interface ApiRequest {
  method: string;
  /** Path below the service prefix, e.g. '/token' for /auth/v1/token. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  /** The socket's peer address (X-Forwarded-For is never trusted). */
  remoteAddress: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
