/**
 * The turn tone (web/src/ui/match/tone.ts): off unless the player switches it on (kept in this browser), and
 * made with WebAudio as two short notes, no audio file; without WebAudio it is silence, not an error.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as store from '../../web/src/storage.js';
import { playTurnTone } from '../../web/src/ui/match/tone.js';

beforeEach(() => store.useStorage(store.memoryStorage(), store.memoryStorage()));
afterEach(() => {
  delete (globalThis as { AudioContext?: unknown }).AudioContext;
});

describe('the turn tone', () => {
  it('is off until switched on, and off again when switched off', () => {
    expect(store.turnTone()).toBe(false);
    store.saveTurnTone(true);
    expect(store.turnTone()).toBe(true);
    store.saveTurnTone(false);
    expect(store.turnTone()).toBe(false);
  });

  it('plays two notes, each started and stopped, through WebAudio', () => {
    const notes: { hz: number; start: number; stop: number }[] = [];
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    class FakeContext {
      currentTime = 10;
      destination = {};
      createGain() {
        return { gain: param(), connect: (to: unknown) => to };
      }
      createOscillator() {
        const note = { hz: 0, start: -1, stop: -1 };
        notes.push(note);
        return {
          type: '',
          frequency: {
            set value(v: number) {
              note.hz = v;
            },
          },
          connect: (to: unknown) => to,
          start: (t: number) => {
            note.start = t;
          },
          stop: (t: number) => {
            note.stop = t;
          },
        };
      }
    }
    (globalThis as { AudioContext?: unknown }).AudioContext = FakeContext;
    playTurnTone();
    expect(notes.map((n) => n.hz)).toEqual([660, 880]);
    for (const n of notes) {
      expect(n.start).toBeGreaterThanOrEqual(10);
      expect(n.stop - n.start).toBeGreaterThan(0);
      expect(n.stop - n.start).toBeLessThan(0.5);
    }
  });
});
