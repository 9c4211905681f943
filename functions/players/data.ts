/**
 * A player's own data: everything stored about them as one JSON document, and the deletion of their
 * record. Deleting takes the address, the sessions and the claimed seats, and voids the sign-in links
 * mailed before; the seats stay playable by their links, and the notification settings of those seats no
 * longer hold the address.
 */
import type { SeatChoices } from '../notify/port.js';
import type { PlayerStore, ProfileStore } from './port.js';
import type { PlayerRecord } from './model.js';

export interface PlayerDataDeps {
  players: PlayerStore;
  notify: SeatChoices;
  clock: () => number;
  /** The player's name, presence and counters: exported, and deleted with the record (the name freed). */
  profiles?: ProfileStore;
}

export class PlayerData {
  constructor(private readonly deps: PlayerDataDeps) {}

  async export(player: PlayerRecord) {
    const { players, notify } = this.deps;
    const [sessions, seats, profile] = await Promise.all([
      players.sessions(player.id),
      players.seats(player.id),
      this.deps.profiles?.profile(player.id) ?? null,
    ]);
    const notices = await Promise.all(seats.map(async (s) => (await notify.seat(s.matchId, s.seat)).prefs));
    return {
      exportedAt: this.deps.clock(),
      player: {
        id: player.id,
        address: player.address,
        createdAt: player.createdAt,
        defaults: player.defaults,
        signedOutEverywhereAt: player.signedOutAt ?? null,
      },
      profile: profile
        ? {
            name: profile.name ?? null,
            nameChangedAt: profile.nameChangedAt ?? null,
            hideLastSeen: profile.hideLastSeen ?? false,
            lastSeenAt: profile.lastSeenAt ?? null,
          }
        : null,
      sessions: sessions.map((s) => ({ id: s.id, device: s.device, createdAt: s.createdAt, expiresAt: s.expiresAtMs })),
      // The seat tokens themselves are kept sealed under a server key; the links you hold are what open them.
      seats: seats.map((s, i) => ({
        matchId: s.matchId,
        seat: s.seat,
        claimedAt: s.claimedAt,
        override: s.override ?? null,
        // Only the player's own: settings holding another address (a seat's link in other hands) are not theirs to see.
        notifications:
          notices[i] && notices[i].email?.addressKey === player.addressKey
            ? { channels: notices[i].channels, address: notices[i].email?.address ?? null, reminders: notices[i].reminders ?? true }
            : null,
      })),
    };
  }

  async delete(player: PlayerRecord): Promise<void> {
    const { players, notify } = this.deps;
    const seats = await players.seats(player.id);
    const now = this.deps.clock();
    await players.deletePlayer(player, now);
    await this.deps.profiles?.forget(player.id);
    for (const s of seats) {
      const prefs = (await notify.seat(s.matchId, s.seat)).prefs;
      if (prefs?.email?.addressKey !== player.addressKey) continue;
      await notify.putPrefs({ ...prefs, email: null, channels: { ...prefs.channels, email: false }, updatedAt: now });
    }
  }
}
