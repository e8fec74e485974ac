// A lean HTTP client for the benches: node:http with a keep-alive agent, prebuilt multipart bodies, and
// every failure reported as a value (a status, or 'conn-error' / 'timeout'), never thrown.
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';

export const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Multipart {
  contentType: string;
  body: Buffer;
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
  /** Extra raw header lines for the part. */
  headers?: string[];
}

/** A well-formed multipart/form-data body. */
export function multipart(parts: Part[], boundary = `----bench${randomBytes(8).toString('hex')}`): Multipart {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disp}`, ...(p.type ? [`Content-Type: ${p.type}`] : []), ...(p.headers ?? [])];
    chunks.push(Buffer.from(head.join('\r\n') + '\r\n\r\n'), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

export const imageForm = (bytes: Buffer, filename = 'photo.jpg') =>
  multipart([{ name: 'image', filename, type: 'application/octet-stream', data: bytes }]);

export interface Outcome {
  status: number | 'conn-error' | 'timeout';
  ms: number;
  retryAfter?: string;
  body?: string;
}

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Keep the response body (for checks); by default it is drained. */
  keepBody?: boolean;
  /** Write the body in pieces of `slowChunk` bytes every `slowEveryMs` (a slow sender). */
  slowChunk?: number;
  slowEveryMs?: number;
  /** Close the connection after writing this many bytes of the body (a client that gives up). */
  abortAfter?: number;
  noAgent?: boolean;
}

export function post(url: string, contentType: string | undefined, body: Buffer, opts: PostOptions = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise<Outcome>((resolve) => {
    let done = false;
    const finish = (o: Omit<Outcome, 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...o, ms: performance.now() - started });
    };
    const headers: Record<string, string | number> = { 'content-length': body.length, ...opts.headers };
    if (contentType) headers['content-type'] = contentType;
    const req = request(url, { method: 'POST', headers, agent: opts.noAgent ? false : agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => opts.keepBody && chunks.push(c));
      res.on('end', () =>
        finish({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body: opts.keepBody ? Buffer.concat(chunks).toString('utf8') : undefined,
        }),
      );
      res.on('error', () => finish({ status: 'conn-error' }));
    });
    req.setTimeout(opts.timeoutMs ?? 120_000, () => {
      finish({ status: 'timeout' });
      req.destroy();
    });
    req.on('error', () => finish({ status: 'conn-error' }));
    if (opts.abortAfter !== undefined) {
      req.write(body.subarray(0, opts.abortAfter), () => setTimeout(() => req.destroy(), 20));
      return;
    }
    if (opts.slowChunk) {
      let off = 0;
      const tick = () => {
        if (req.destroyed) return;
        if (off >= body.length) return void req.end();
        req.write(body.subarray(off, off + opts.slowChunk!));
        off += opts.slowChunk!;
        setTimeout(tick, opts.slowEveryMs ?? 50);
      };
      tick();
      return;
    }
    req.end(body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function countBy<T>(items: T[], key: (t: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) out[String(key(it))] = (out[String(key(it))] ?? 0) + 1;
  return out;
}
