/**
 * Which webhook addresses the server posts to, and which network addresses it connects to. Like the push
 * endpoints (./push-hosts.ts), a webhook is an address chosen by a user, so the server must not become a way
 * into its own network: only https, Discord and Slack by their own hosts, and never a private, loopback,
 * link-local or otherwise special address, checked on the address the name resolves to before every call.
 */
import { BlockList, isIP } from 'node:net';
import type { WebhookKind } from './webhooks.js';

const DISCORD_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];
const SLACK_HOSTS = ['hooks.slack.com'];
const MAX_URL_LENGTH = 500;

export type UrlCheck = { ok: true; kind: WebhookKind; url: URL } | { ok: false; reason: 'not-https' | 'malformed' | 'not-allowed' };

/** A webhook address as given: its kind by its host (Discord, Slack, else signed JSON), or why it is refused. */
export function checkWebhookUrl(text: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (text.length > MAX_URL_LENGTH || url.username || url.password || url.hash) return { ok: false, reason: 'malformed' };
  const host = url.hostname.toLowerCase();
  if (DISCORD_HOSTS.includes(host) || host.endsWith('.discord.com') || host.endsWith('.discordapp.com')) {
    const ok = DISCORD_HOSTS.includes(host) && url.port === '' && /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname);
    return ok ? { ok: true, kind: 'discord', url } : { ok: false, reason: 'not-allowed' };
  }
  if (host === 'slack.com' || host.endsWith('.slack.com')) {
    const ok = SLACK_HOSTS.includes(host) && url.port === '' && /^\/services\/[\w/]+$/.test(url.pathname);
    return ok ? { ok: true, kind: 'slack', url } : { ok: false, reason: 'not-allowed' };
  }
  // Names that only ever mean this machine or its network; an address literal is checked like a resolved one.
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return { ok: false, reason: 'not-allowed' };
  }
  const literal = host.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isPublicAddress(literal)) return { ok: false, reason: 'not-allowed' };
  return { ok: true, kind: 'signed', url };
}

/** Address ranges that are not the public internet (IANA special-purpose registries, RFC 6890 and successors). */
const SPECIAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (the cloud's metadata service)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv6');

/** Whether an IP address (v4 or v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d): refused whole, an inside address could hide in it. Not a BlockList
  // rule: BlockList matches IPv4 addresses against mapped ranges too, which would refuse every IPv4 address.
  if (family === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address.replace(/^0{1,4}(?=:)/, ''))) return false;
  return !SPECIAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
