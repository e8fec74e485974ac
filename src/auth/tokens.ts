import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// One fixed algorithm: tokens with any other `alg` (including `none`) are refused by jwtVerify.
const ALG = 'HS256';

export interface KeyClaims {
  clientId: string;
  keyId: string;
}

export const newSecret = (): string => randomBytes(48).toString('base64url');

/** sha256 of the token: the store keeps this, never the token itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A key never expires (no `exp`): it is valid until revoked. */
  async sign(claims: KeyClaims): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.clientId)
      .setJti(claims.keyId)
      .setIssuedAt()
      .sign(this.key);
  }

  /** The claims of a well-formed token signed by us with HS256, else null. */
  async verify(token: string): Promise<KeyClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG] });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      return { clientId: payload.sub, keyId: payload.jti };
    } catch {
      return null;
    }
  }
}
