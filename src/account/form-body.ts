import type { FastifyInstance } from 'fastify';

export const FORM_BODY_LIMIT = 16 * 1024;

export type FormBody = Record<string, string>;

/**
 * The account area's only body parser: small urlencoded forms. Any other content type is refused
 * (415) by Fastify. The first value of a repeated name wins; the object has no prototype.
 */
export function acceptUrlencodedForms(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const out: FormBody = Object.create(null);
      for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
      done(null, out);
    },
  );
}

export const formField = (body: unknown, name: string): string => {
  if (!body || typeof body !== 'object') return '';
  const v = (body as FormBody)[name];
  return typeof v === 'string' ? v : '';
};
