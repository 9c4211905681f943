/**
 * Who sits at each seat by player name, and their presence ("online now", "last seen …", nothing when hidden):
 * asked when the match page opens and again when the match changes (someone moved, joined or left), at most once
 * every 5 minutes (the server writes presence at most that often). Never on a timer: an idle open tab makes no
 * request for it, so it stays within the idle tab's budget (tests/web/live.e2e.test.ts). A server without
 * signed-in players answers 404: the seats then show no presence.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { Credentials } from '../../types.js';

export type Presence = { state: 'online' } | { state: 'seen'; at: number } | { state: 'hidden' } | { state: 'unknown' };
export interface SeatPresence {
  seat: number;
  player: string | null;
  presence: Presence | null;
}

const EVERY_MS = 5 * 60 * 1000;

export function useSeatPresence(matchId: string, creds: Credentials, version: number): SeatPresence[] {
  const [seats, setSeats] = useState<SeatPresence[]>([]);
  const asked = useRef<{ path: string; at: number } | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const auth = creds.kind === 'seat' ? creds.token : creds.secret;
  const path = creds.kind === 'seat' ? `/api/matches/${matchId}/seats/${creds.seat}/presence` : `/api/matches/${matchId}/spectate/presence`;
  // A new version of the match is what asks again (`version` is in the dependencies for that alone).
  useEffect(() => {
    const now = Date.now();
    const last = asked.current;
    if (last && last.path === path && now - last.at < EVERY_MS) return;
    asked.current = { path, at: now };
    api.call<{ seats: SeatPresence[] }>('GET', path, { auth }).then(
      (r) => mounted.current && setSeats(r.seats),
      () => {},
    );
  }, [path, auth, version]);
  return seats;
}
