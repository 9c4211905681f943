/**
 * Who sits at each seat by player name, and their presence ("online now", "last seen …", nothing when hidden):
 * asked once when the match page opens and then every 5 minutes while it is open (the server writes presence at
 * most that often). A server without signed-in players answers 404: the seats then show no presence.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { Credentials } from '../../types.js';

export type Presence = { state: 'online' } | { state: 'seen'; at: number } | { state: 'hidden' } | { state: 'unknown' };
export interface SeatPresence {
  seat: number;
  player: string | null;
  presence: Presence | null;
}

const EVERY_MS = 5 * 60 * 1000;

export function useSeatPresence(matchId: string, creds: Credentials): SeatPresence[] {
  const [seats, setSeats] = useState<SeatPresence[]>([]);
  const auth = creds.kind === 'seat' ? creds.token : creds.secret;
  const path = creds.kind === 'seat' ? `/api/matches/${matchId}/seats/${creds.seat}/presence` : `/api/matches/${matchId}/spectate/presence`;
  useEffect(() => {
    let live = true;
    const ask = () =>
      api.call<{ seats: SeatPresence[] }>('GET', path, { auth }).then(
        (r) => live && setSeats(r.seats),
        () => {},
      );
    void ask();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void ask();
    }, EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [path, auth]);
  return seats;
}
