/**
 * The optional sound when it becomes this player's move: a short soft two-note chime made with WebAudio
 * (no audio file to download). Off unless the player switches it on in the match menu (storage.ts
 * `turnTone`); played only on the change to "your move" while the page is open, never on opening it.
 */
import { useEffect, useRef } from 'preact/hooks';
import * as store from '../../storage.js';

let context: AudioContext | undefined;

/** Two notes (a rising fourth), 0.35 s in all, quiet. Browsers may refuse audio before a click: then silence. */
export function playTurnTone(): void {
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = hz;
      const start = at + i * 0.15;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
      osc.connect(gain).connect(context.destination);
      osc.start(start);
      osc.stop(start + 0.22);
    }
  } catch {
    // No WebAudio here: the turn line and the tab's title still say it.
  }
}

/** Plays the tone when `myTurn` turns true (not when the page opens on it), if the player asked for it. */
export function useTurnTone(myTurn: boolean): void {
  const before = useRef<boolean | null>(null);
  useEffect(() => {
    if (before.current === false && myTurn && store.turnTone()) playTurnTone();
    before.current = myTurn;
  }, [myTurn]);
}
