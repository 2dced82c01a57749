// What the auth routes need from the running instance.
import type { PGlite } from '@electric-sql/pglite';
import type { ProjectKeys } from '../keys/project-keys.ts';
import type { RateLimiter } from './ratelimit.ts';

export interface AuthContext {
  pg: PGlite;
  jwtSecret: string;
  /** The project's keys: the one JWT verifier and signer, the API keys. */
  keys: ProjectKeys;
  anonKey: string;
  serviceRoleKey: string;
  /** The API's base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** `${apiUrl}/auth/v1`, the `iss` claim. */
  issuer: string;
  /** Where e-mail links point (the site). */
  siteUrl: string;
  /** Extra allowed redirect targets (exact URLs or prefixes ending in '*'). */
  additionalRedirectUrls: string[];
  /** Folder with confirmation.html / recovery.html / email_change.html (Go-template style), or null. */
  templatesDir: string | null;
  limiter: RateLimiter;
  /** True when POST /signup is refused (`[auth] enable_signup = false`); the admin API still creates users. */
  disableSignup: boolean;
  /** True when sign-ups need no confirmation mail (`[auth.email] enable_confirmations = false`). */
  mailerAutoconfirm: boolean;
  /** True when an e-mail change needs both links, the current and the new address's (`double_confirm_changes`). */
  secureEmailChange: boolean;
  /** True when a password change from a session older than 24 hours needs a reauthentication nonce (`secure_password_change`). */
  securePasswordChange: boolean;
  /** bcrypt cost of the password hashes written (verification reads the cost from each hash). */
  passwordHashCost: number;
  /** One-time token lifetime in seconds. */
  otpExpirySeconds: number;
  log: (line: string) => void;
}
