/** A real node:http server whose answers each test scripts, recording what the client sent. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The multipart body parsed by the platform's own parser (undici), when it is multipart. */
  form?: FormData;
}

export type Handler = (req: ReceivedRequest, res: ServerResponse, index: number) => unknown;

export interface FakeServer {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away mid-upload
    }
    const body = Buffer.concat(chunks);
    const contentType = req.headers['content-type'] ?? '';
    const form = contentType.startsWith('multipart/form-data')
      ? await new Response(body, { headers: { 'content-type': contentType } }).formData()
      : undefined;
    const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, form };
    requests.push(received);
    await handler(received, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
