/**
 * Matches made and played through the real HTTP API of the site under test, so a browser test can
 * open a page straight at the state it wants to look at (waiting, someone's move, finished).
 */
export interface SeatLink {
  seat: number;
  token: string;
  /** The seat link (the page takes the token from its fragment). */
  url: string;
}

export interface MadeMatch {
  matchId: string;
  seats: SeatLink[];
  /** Invite links as made, before anyone joined. */
  invites: string[];
}

interface MatchAnswer {
  version: number;
  status: string;
  toAct: number[];
  legalMoves: unknown[];
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Creates a match as `names[0]`; with `join`, the other names take the open seats at once. `bots`
 * seats are computer players (their names in `names` are not used).
 */
export async function makeMatch(
  base: string,
  game: string,
  names: string[],
  opts: { options?: Record<string, unknown>; join?: boolean; bots?: { seat: number; level: 'easy' | 'strong' }[] } = {},
): Promise<MadeMatch> {
  const created = await call<{ matchId: string; token: string; url: string; invites: { seat: number; url: string }[] }>(
    base,
    'POST',
    '/api/matches',
    {
      game,
      seats: names.length,
      options: opts.options ?? {},
      name: names[0],
      ...(opts.bots ? { bots: opts.bots } : {}),
    },
  );
  const seats: SeatLink[] = [{ seat: 0, token: created.token, url: created.url }];
  if (opts.join !== false) {
    for (const inv of created.invites) {
      const invite = new URL(inv.url).hash.slice('#invite='.length);
      const j = await call<{ seat: number; token: string; url: string }>(base, 'POST', `/api/matches/${created.matchId}/join`, {
        invite,
        name: names[inv.seat],
      });
      seats.push({ seat: j.seat, token: j.token, url: j.url });
    }
  }
  return { matchId: created.matchId, seats, invites: created.invites.map((i) => i.url) };
}

export async function readMatch(base: string, matchId: string, s: SeatLink): Promise<MatchAnswer> {
  return call<MatchAnswer>(base, 'GET', `/api/matches/${matchId}/seats/${s.seat}`, undefined, s.token);
}

/** Makes `pick(legal)` (by default the first legal move) for this seat; returns the answer. */
export async function playMove(
  base: string,
  matchId: string,
  s: SeatLink,
  pick: (legal: unknown[]) => unknown = (l) => l[0],
): Promise<MatchAnswer> {
  const m = await readMatch(base, matchId, s);
  return call<MatchAnswer>(
    base,
    'POST',
    `/api/matches/${matchId}/seats/${s.seat}/moves`,
    { expectedVersion: m.version, move: pick(m.legalMoves) },
    s.token,
  );
}

export async function resign(base: string, matchId: string, s: SeatLink): Promise<void> {
  await call(base, 'POST', `/api/matches/${matchId}/seats/${s.seat}/resign`, {}, s.token);
}
