/**
 * A local HTTPS endpoint standing in for Discord, Slack and a signed-JSON receiver (tests/notify/webhooks.test.ts):
 * a self-signed certificate made here with node's crypto (a minimal X.509 v3 in DER, ECDSA P-256), and a
 * node:https server that records each request and answers as told. Trust in the certificate is given to
 * the sender under test only (HttpsWebhookSender's `testOnly.ca`).
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

// ------------------------------------------------------------------ a self-signed certificate in DER

const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const out = [40 * a + b];
  for (const n of rest) {
    const bytes = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) bytes.unshift((v & 0x7f) | 0x80);
    out.push(...bytes);
  }
  return tlv(0x06, Buffer.from(out));
};
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const name = (cn: string) => seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));

/** A certificate for `names` (DNS names), its own issuer, valid a day either side of now; PEM key and cert. */
export function selfSignedCert(names: string[]): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  serial[0]! &= 0x7f;
  const san = seq(...names.map((n) => tlv(0x82, Buffer.from(n))));
  const extensions = tlv(
    0xa3,
    seq(
      seq(oid('2.5.29.19'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, seq(tlv(0x01, Buffer.from([0xff]))))), // basicConstraints CA, critical
      seq(oid('2.5.29.17'), tlv(0x04, san)), // subjectAltName
    ),
  );
  const now = Date.now();
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaSha256,
    name('Dutch test receiver'),
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 86_400_000))),
    name('Dutch test receiver'),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaSha256, tlv(0x03, Buffer.from([0]), signature));
  const pem = (label: string, b: Buffer) =>
    `-----BEGIN ${label}-----\n${b.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: pem('CERTIFICATE', der) };
}

// ------------------------------------------------------------------ the receiver

export interface Received {
  host: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Receiver {
  port: number;
  ca: string;
  received: Received[];
  /** The answer's status for a path (200 by default). */
  answer: Map<string, number>;
  /** Resolves once `n` requests have come in. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function receiver(names: string[]): Promise<Receiver> {
  const { key, cert } = selfSignedCert(names);
  const received: Received[] = [];
  const answer = new Map<string, number>();
  let waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        host: req.headers.host ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answer.get(req.url ?? '') ?? 200;
      // An answer far over the sender's read limit: it must stop reading, not wait for it all.
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'x'.repeat(1_000_000));
      const ready = waiters.filter((w) => received.length >= w.n);
      waiters = waiters.filter((w) => received.length < w.n);
      for (const w of ready) w.resolve();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    ca: cert,
    received,
    answer,
    waitFor: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
