/**
 * One list of security headers for every response, so the local server (functions/local/server.ts) and the CDK
 * stack (infra/, the CloudFront response-headers policy) share it and cannot drift apart. The site's page runs
 * one inline script (the match page's first script, web/build.ts): the Content-Security-Policy names it by its
 * hash, taken from the built index.html by both (`siteSecurityHeaders`), never with 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';

/** The headers with `script-src 'self'` plus the given inline scripts' hashes (`'sha256-…'`). */
export function securityHeaders(scriptHashes: readonly string[] = []): Readonly<Record<string, string>> {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' ');
  return {
    'Content-Security-Policy':
      `default-src 'self'; script-src ${scripts}; style-src 'self'; img-src 'self' data:; connect-src 'self'; ` +
      "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** With no inline script allowed (the API's own answers, a site not built yet). */
export const SECURITY_HEADERS = securityHeaders();

/** The CSP source of one inline script: `sha256-` and the base64 SHA-256 of its text, exactly as written. */
export const scriptHash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Every inline script of a page (a `<script>` without `src`), hashed. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => scriptHash(m[1]!));
}

/** The headers for a built site: its index.html's inline scripts allowed by their hashes. */
export const siteSecurityHeaders = (indexHtml: string | undefined) => securityHeaders(indexHtml ? inlineScriptHashes(indexHtml) : []);
