/**
 * The API's answers gzipped for clients that accept it. CloudFront passes /api/* through uncached, and
 * CloudFront compresses only what it caches, so an answer leaves Lambda as it is made: a Golden Age
 * read is ~29 kB of JSON and ~4 kB gzipped (docs/decisions/answer-compression.md).
 *
 * Not hono's `compress`: it streams, and it skips small bodies only when they carry a Content-Length,
 * which `c.json` answers do not, so it gzipped every answer. The API's answers are whole JSON
 * documents, so the body is read once, measured, and gzipped in one call (node:zlib, faster than a
 * CompressionStream for a few kB). hono/aws-lambda sends a gzipped body base64-encoded
 * (`isBase64Encoded`), as API Gateway's payload 2.0 requires.
 */
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Answers at least this long are gzipped; below it the header and the CPU cost more than the bytes saved. */
export const ANSWER_COMPRESS_BYTES = 1024;

/** Level 6 (zlib's default): levels 1 to 9 differ by a few percent on these answers, 9 costs twice the CPU. */
const LEVEL = 6;

const JSON_OR_TEXT = /^\s*(application\/(?:[\w.+-]*\+)?json|text\/(?!event-stream)[\w.+-]+)\s*(;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const ACCEPTS_GZIP = /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q\s*=\s*(?:1(?:\.0*)?|0?\.\d*[1-9]\d*))?\s*(?:,|$)/i;

/** Does the Accept-Encoding header allow gzip (named or by `*`, with a q above 0)? */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => ACCEPTS_GZIP.test(part.trim()));
}

export function compressAnswers(threshold = ANSWER_COMPRESS_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    if (!JSON_OR_TEXT.test(res.headers.get('Content-Type') ?? '')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const plain = () => new Response(body, { status: res.status, statusText: res.statusText, headers });
    if (body.byteLength < threshold) {
      c.res = undefined;
      c.res = plain();
      return;
    }
    // The same address answers gzipped or not, by this header: caches between must keep them apart.
    const vary = headers.get('Vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) {
      c.res = undefined;
      c.res = plain();
      return;
    }
    const gzipped = gzipSync(body, { level: LEVEL });
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    // Other bytes than the plain answer: a weak tag (If-None-Match compares tags weakly, http/request.ts).
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = undefined;
    c.res = new Response(gzipped, { status: res.status, statusText: res.statusText, headers });
  };
}
