/**
 * The API's seat key (functions/players/vault.ts) on AWS: read once per container, at cold start, from the
 * Secrets Manager secret named by SEAT_KEY_SECRET_ID (infra/constructs/api.ts makes it: 43 random letters
 * and digits, which read as base64url are 32 bytes). SEAT_KEY itself, when set, wins; with neither,
 * signing in stays off (functions/deps.ts).
 */
export async function withSeatKey(env: Record<string, string | undefined>): Promise<Record<string, string | undefined>> {
  if (env.SEAT_KEY || !env.SEAT_KEY_SECRET_ID) return env;
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({});
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: env.SEAT_KEY_SECRET_ID }));
    if (!out.SecretString) throw new Error('The seat key secret is empty.');
    return { ...env, SEAT_KEY: out.SecretString.trim() };
  } finally {
    client.destroy();
  }
}
