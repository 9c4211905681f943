/**
 * Which push endpoints the server accepts. Apart from ./push.ts so that the API, which checks
 * subscriptions but never sends a push, does not load the web-push package.
 */

/**
 * Push endpoints the server will post to: HTTPS on the browsers' push services only, so a
 * subscription cannot point the server at an address of the attacker's choosing.
 */
const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isBrowserPushEndpoint(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}
