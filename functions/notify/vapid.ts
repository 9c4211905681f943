/**
 * VAPID keys identify this server to the browsers' push services. Locally they are made on the
 * first run and kept in the data directory (DATA_DIR/vapid.json, readable by the owner only); on
 * AWS they are read once per container from a Secrets Manager secret named by VAPID_SECRET_ID,
 * holding JSON {"publicKey", "privateKey", "subject"?} (make one with `npx web-push generate-vapid-keys --json`).
 */
import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL where the push services can reach the operator. */
  subject: string;
}

const KEY = /^[A-Za-z0-9_-]+$/;

function checked(value: unknown, fallbackSubject: string): VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  if (!v || typeof v.publicKey !== 'string' || typeof v.privateKey !== 'string' || !KEY.test(v.publicKey) || !KEY.test(v.privateKey)) {
    throw new Error('VAPID keys must be JSON with base64url "publicKey" and "privateKey"');
  }
  const subject = typeof v.subject === 'string' && /^(mailto:|https:)/.test(v.subject) ? v.subject : fallbackSubject;
  return { publicKey: v.publicKey, privateKey: v.privateKey, subject };
}

/**
 * A new P-256 key pair in the form web-push's `generateVAPIDKeys` gives (uncompressed 65-byte public
 * key, 32-byte private key, base64url), made here so that this module, which the API loads, does not
 * pull the web-push package into the API's bundle.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const fixed = (b: Buffer, n: number) => (b.length < n ? Buffer.concat([Buffer.alloc(n - b.length), b]) : b);
  return {
    publicKey: fixed(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: fixed(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

/** Reads DATA_DIR/vapid.json, making it on the first run. */
export function localVapidKeys(dataDir: string, subject: string): VapidKeys {
  const file = join(dataDir, 'vapid.json');
  try {
    return checked(JSON.parse(readFileSync(file, 'utf8')), subject);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = { ...generateVapidKeys(), subject };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return keys;
}

/** Loads the keys from Secrets Manager on first use; later calls share the one answer. */
export function secretVapidKeys(secretId: string, subject: string): () => Promise<VapidKeys> {
  let pending: Promise<VapidKeys> | undefined;
  return () => {
    pending ??= (async () => {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const client = new SecretsManagerClient({});
      const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      client.destroy();
      return checked(JSON.parse(out.SecretString ?? 'null'), subject);
    })().catch((err) => {
      pending = undefined; // try again on the next call
      throw err;
    });
    return pending;
  };
}

/** The contact the push services see: VAPID_SUBJECT, else the sender address, else a placeholder. */
export function vapidSubject(env: Record<string, string | undefined>): string {
  if (env.VAPID_SUBJECT && /^(mailto:|https:)/.test(env.VAPID_SUBJECT)) return env.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(env.EMAIL_FROM ?? '')?.[1] ?? env.EMAIL_FROM;
  if (address && /^[^@\s]+@[^@\s]+$/.test(address)) return `mailto:${address}`;
  if (env.PUBLIC_URL?.startsWith('https:')) return env.PUBLIC_URL;
  return 'mailto:admin@localhost';
}
