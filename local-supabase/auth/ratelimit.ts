// Request limits per client address per endpoint group, and e-mail frequency: GoTrue's defaults (30 verifications and
// 30 sign-up/recovery/resend requests per 5 minutes, one mail of a kind per address per 60 s), except /token, which
// this project limits to 30 per 5 minutes like the other groups (GoTrue itself allows 150).
import { errors } from './errors.ts';

export interface RateLimitConfig {
  /** /token, password and refresh grants together, per window. */
  token: number;
  /** /verify per window. */
  verify: number;
  /** /signup, /recover and /resend together, per window. */
  email: number;
  windowSeconds: number;
  /** Minimum seconds between two mails of one kind to one address. */
  emailFrequencySeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  token: 30,
  verify: 30,
  email: 30,
  windowSeconds: 300,
  emailFrequencySeconds: 60,
};

export type Bucket = 'token' | 'verify' | 'email';

export class RateLimiter {
  private hits = new Map<string, number[]>();
  private mails = new Map<string, number>();
  constructor(readonly config: RateLimitConfig | null) {}

  get enabled(): boolean {
    return this.config !== null;
  }

  /** Counts one request of `address` in `bucket`; throws 429 over_request_rate_limit when over the limit. */
  hit(bucket: Bucket, address: string, now = Date.now()): void {
    if (!this.config) return;
    const key = `${bucket}|${address}`;
    const windowMs = this.config.windowSeconds * 1000;
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length >= this.config[bucket]) {
      this.hits.set(key, list);
      throw errors.overRequestRateLimit();
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(now);
  }

  /**
   * Records a mail of `kind` to `email`; throws 429 over_email_send_rate_limit when one was recorded less than
   * the frequency ago. Called whether or not the address has an account, so the answers cannot tell them apart.
   */
  mail(kind: string, email: string, now = Date.now()): void {
    if (!this.config) return;
    const key = `${kind}|${email.toLowerCase()}`;
    const last = this.mails.get(key);
    const freqMs = this.config.emailFrequencySeconds * 1000;
    if (last !== undefined && now - last < freqMs) {
      throw errors.overEmailSendRateLimit(Math.ceil((freqMs - (now - last)) / 1000));
    }
    this.mails.set(key, now);
  }

  private prune(now: number): void {
    const windowMs = (this.config?.windowSeconds ?? 0) * 1000;
    for (const [k, list] of this.hits) if (!list.some((t) => now - t < windowMs)) this.hits.delete(k);
    const freqMs = (this.config?.emailFrequencySeconds ?? 0) * 1000;
    for (const [k, t] of this.mails) if (now - t >= freqMs) this.mails.delete(k);
  }
}
