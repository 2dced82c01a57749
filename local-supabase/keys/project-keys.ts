// The project's keys and the one JWT verifier every service uses.
//
// - The legacy JWT secret: HS256 tokens without a `kid` (the legacy anon / service_role keys, tokens a project signed
//   before moving to signing keys) are verified with it while it is configured.
// - The signing keys (`[auth] signing_keys_path`): user sessions are signed with the first one (ES256, RS256, or an
//   HS256 `oct` key), `kid` in the header; every key in the set verifies tokens carrying its `kid` (rotation: a
//   previous key stays listed while tokens it signed are alive). The public halves are the JWKS. Without signing keys,
//   sessions are HS256 tokens signed with the legacy secret.
// - The API keys: the legacy anon / service_role JWTs, and the opaque `sb_publishable_…` / `sb_secret_…` keys, which
//   the gateway swaps for a short-lived JWT of the `anon` / `service_role` role before a service sees the request.
//
// `verify` refuses `alg: none`, algorithms no configured key uses, unknown `kid`s, bad signatures and expired tokens;
// each service turns the TokenProblem into its own error (GoTrue's bad_jwt, PostgREST's PGRST301/303, Storage's
// AccessDenied with jose's message, as Storage reports it).
import { createHash, createHmac } from 'node:crypto';
import { decodeProtectedHeader, errors as jose, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { SigningJwk } from './signing-keys.ts';

export type ApiRole = 'anon' | 'service_role';

export type TokenProblemKind = 'parts' | 'malformed' | 'alg' | 'key' | 'signature' | 'expired' | 'nbf' | 'iat';

/** Why a token was refused; `message` is jose's wording (what Storage shows). */
export class TokenProblem extends Error {
  constructor(
    readonly kind: TokenProblemKind,
    message: string,
    readonly detail: { parts?: number; alg?: string; kid?: string; expiredBy?: number } = {},
  ) {
    super(message);
    this.name = 'TokenProblem';
  }
}

/** The expiry of the Supabase CLI's demo keys (2032-11-12), so a pinned secret gives stable legacy keys. */
const LEGACY_KEY_EXP = 1983812996;
/** Lifetime of the JWT the gateway puts in place of an opaque API key. */
const ROLE_TOKEN_SECONDS = 300;

const PUBLIC_MEMBERS: Record<string, string[]> = { EC: ['crv', 'x', 'y'], RSA: ['n', 'e'] };
const KTY_OF_ALG: Record<string, string> = { ES256: 'EC', RS256: 'RSA', HS256: 'oct' };
/** JWS algorithms a token may name; anything else (`none` included) is refused before a key is looked up. */
const JWS_ALGS = new Set(['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']);

/** An opaque API key in Supabase's layout: prefix, 22 characters, '_', an 8-character check, derived from the secret. */
export function opaqueKey(secret: string, prefix: 'sb_publishable_' | 'sb_secret_'): string {
  const body = createHmac('sha256', secret).update(prefix).digest('base64url').slice(0, 22);
  const check = createHash('sha256').update(prefix + body).digest('base64url').slice(0, 8);
  return `${prefix}${body}_${check}`;
}

/** The public half of an asymmetric JWK, as GoTrue publishes it in the JWKS. */
export function publicJwk(jwk: SigningJwk): Record<string, unknown> | null {
  const members = PUBLIC_MEMBERS[jwk.kty];
  if (!members) return null;
  const out: Record<string, unknown> = { kty: jwk.kty, kid: jwk.kid, alg: jwk.alg, use: 'sig', key_ops: ['verify'], ext: true };
  for (const m of members) out[m] = jwk[m];
  return out;
}

/** A JWK without the members WebCrypto would check against the usage (the file says sign+verify for private keys). */
function keyMaterial(jwk: SigningJwk): Record<string, unknown> {
  const { key_ops: _ops, use: _use, ext: _ext, ...rest } = jwk;
  void _ops;
  void _use;
  void _ext;
  return rest;
}

export interface VerifyOptions {
  /** Seconds of leeway for exp/nbf/iat (PostgREST allows 30). */
  clockTolerance?: number;
}

export class ProjectKeys {
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly publishableKey: string;
  readonly secretKey: string;
  private readonly secretBytes: Uint8Array;
  private readonly verifyKeys = new Map<string, Promise<CryptoKey | Uint8Array>>();
  private signingKey: Promise<CryptoKey | Uint8Array> | null = null;
  private readonly roleTokens = new Map<ApiRole, { token: string; exp: number }>();

  private constructor(
    readonly jwtSecret: string,
    /** The signing keys, first = current; empty = HS256 with the legacy secret. */
    readonly signingKeys: SigningJwk[],
    legacy: { anon: string; serviceRole: string },
  ) {
    this.secretBytes = new TextEncoder().encode(jwtSecret);
    this.anonKey = legacy.anon;
    this.serviceRoleKey = legacy.serviceRole;
    this.publishableKey = opaqueKey(jwtSecret, 'sb_publishable_');
    this.secretKey = opaqueKey(jwtSecret, 'sb_secret_');
  }

  static async create(jwtSecret: string, signingKeys: SigningJwk[] = []): Promise<ProjectKeys> {
    const secret = new TextEncoder().encode(jwtSecret);
    const legacy = (role: ApiRole) =>
      new SignJWT({ iss: 'supabase-demo', role, exp: LEGACY_KEY_EXP }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    const keys = new ProjectKeys(jwtSecret, signingKeys, { anon: await legacy('anon'), serviceRole: await legacy('service_role') });
    await keys.currentKey(); // a key the runtime cannot import fails the start, not the first sign-in
    return keys;
  }

  /** The algorithm user sessions are signed with. */
  get signingAlg(): string {
    return this.signingKeys[0]?.alg ?? 'HS256';
  }

  /** `/auth/v1/.well-known/jwks.json`: the public keys of the asymmetric signing keys (none for HS256). */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.signingKeys.map(publicJwk).filter((k): k is Record<string, unknown> => k !== null) };
  }

  private currentKey(): Promise<CryptoKey | Uint8Array> {
    const first = this.signingKeys[0];
    if (!first) return Promise.resolve(this.secretBytes);
    this.signingKey ??= importJWK(keyMaterial(first), first.alg) as Promise<CryptoKey | Uint8Array>;
    return this.signingKey;
  }

  /** Signs claims with the current signing key (`kid` in the header), or HS256 with the legacy secret. */
  async sign(payload: JWTPayload): Promise<string> {
    const first = this.signingKeys[0];
    const header = first ? { alg: first.alg!, kid: first.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' };
    return new SignJWT(payload).setProtectedHeader(header).sign(await this.currentKey());
  }

  /** The role an API key stands for (legacy JWT keys and opaque keys), or null for anything else. */
  apiKeyRole(key: string | undefined | null): ApiRole | null {
    if (!key) return null;
    if (key === this.publishableKey || key === this.anonKey) return 'anon';
    if (key === this.secretKey || key === this.serviceRoleKey) return 'service_role';
    return null;
  }

  /** The short-lived JWT the gateway forwards in place of an opaque key. */
  async roleToken(role: ApiRole): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const cached = this.roleTokens.get(role);
    if (cached && cached.exp - now > 60) return cached.token;
    const exp = now + ROLE_TOKEN_SECONDS;
    const token = await this.sign({ iss: 'supabase', role, iat: now, exp });
    this.roleTokens.set(role, { token, exp });
    return token;
  }


  private keyFor(alg: string, kid: string | undefined): Promise<CryptoKey | Uint8Array> | null {
    const kty = KTY_OF_ALG[alg];
    const jwk = kid === undefined ? undefined : this.signingKeys.find((k) => k.kid === kid && k.kty === kty && k.alg === alg);
    if (!jwk) return alg === 'HS256' ? Promise.resolve(this.secretBytes) : null;
    let key = this.verifyKeys.get(jwk.kid!);
    if (!key) {
      const material = jwk.kty === 'oct' ? keyMaterial(jwk) : publicJwk(jwk)!;
      const { use: _u, key_ops: _o, ext: _e, ...bare } = material as Record<string, unknown>;
      void _u;
      void _o;
      void _e;
      key = importJWK(bare, alg) as Promise<CryptoKey | Uint8Array>;
      this.verifyKeys.set(jwk.kid!, key);
    }
    return key;
  }

  /** Verifies a token by the project's rules; throws a TokenProblem. */
  async verify(token: string, opts: VerifyOptions = {}): Promise<JWTPayload> {
    const parts = token.split('.').length;
    if (parts !== 3) throw new TokenProblem('parts', 'Invalid Compact JWS', { parts });
    let header: { alg?: unknown; kid?: unknown };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new TokenProblem('malformed', 'Invalid Token or Protected Header formatting');
    }
    const alg = typeof header.alg === 'string' ? header.alg : '';
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    if (!JWS_ALGS.has(alg)) {
      throw new TokenProblem('alg', '"alg" (Algorithm) Header Parameter value not allowed', { alg });
    }
    const key = this.keyFor(alg, kid);
    if (!key) throw new TokenProblem('key', 'no applicable key found in the JSON Web Key Set', { alg, kid });
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: [alg], clockTolerance: opts.clockTolerance ?? 0 });
      return payload;
    } catch (e) {
      if (e instanceof jose.JWTExpired) {
        const exp = Number((e.payload as JWTPayload).exp ?? 0);
        throw new TokenProblem('expired', e.message, { expiredBy: Math.max(0, Math.floor(Date.now() / 1000) - exp) });
      }
      if (e instanceof jose.JWTClaimValidationFailed) {
        throw new TokenProblem(e.claim === 'nbf' ? 'nbf' : e.claim === 'iat' ? 'iat' : 'malformed', e.message);
      }
      if (e instanceof jose.JWSSignatureVerificationFailed) throw new TokenProblem('signature', e.message);
      throw new TokenProblem('malformed', (e as Error).message || 'Invalid JWT');
    }
  }
}
