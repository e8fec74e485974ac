/** Minimal cookie reading and writing (RFC 6265 subset): names and values we set are URL-safe. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}

/** HttpOnly, SameSite=Lax always; Secure when the request came over HTTPS. Max-Age 0 deletes. */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${o.path ?? '/account'}`, `Max-Age=${Math.max(0, Math.floor(o.maxAgeSeconds))}`, 'HttpOnly', 'SameSite=Lax'];
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}
