/**
 * Code of the two CloudFront Functions (JavaScript runtime 2.0, viewer request). Kept as plain strings
 * here so the tests can run them as they are deployed.
 */

/**
 * Default behaviour (S3): a path whose last segment has no dot is a page of the single-page app
 * (`/`, `/m/<id>`, ...), so it gets the shell; files (`/main.js`, `/robots.txt`) pass through.
 * Done here rather than with distribution error responses, which would also rewrite the API's 403/404.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * `/api/*` behaviour: the API's function URL only sees its own host name, so the site's host name travels in
 * `x-forwarded-host`; functions/lambda/api.ts uses it for the links it returns. The viewer's IP travels in
 * `x-viewer-address` (the URL event's sourceIp is CloudFront's), for per-client limits
 * (functions/http/client-address.ts). A client's own values are always replaced.
 */
export const FORWARD_HOST_CODE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) request.headers['x-forwarded-host'] = { value: host.value };
  else delete request.headers['x-forwarded-host'];
  request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return request;
}`;

/** Served at /robots.txt: match links are capability URLs and have no business in search engines. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
