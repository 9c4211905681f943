/**
 * A simple picture of each game for the home page's game choice, drawn inline (no image to download):
 * the auction's cards for sale, the memory game's face-down benches, the Golden Age's provinces. Decorative
 * (the game's name and its one line say it); a game with no picture of its own (a test's game) shows none.
 */
import type { GameId } from '#shared/games/ids.js';
import type { MessageKey } from '../../i18n.js';

/** One line of what each game is, shown under its name. */
export const GAME_LINE: Readonly<Record<GameId, MessageKey>> = {
  'dutch-auction': 'home.game.line.dutch-auction',
  'dutch-memory': 'home.game.line.dutch-memory',
  'golden-age': 'home.game.line.golden-age',
};

const card = (x: number, y: number, fill: string, turn = 0) => (
  <rect
    x={x}
    y={y}
    width="22"
    height="32"
    rx="3"
    fill={fill}
    stroke="currentColor"
    stroke-width="1.5"
    transform={`rotate(${turn} ${x + 11} ${y + 16})`}
  />
);

const PICTURES: Readonly<Record<GameId, () => preact.JSX.Element>> = {
  'dutch-auction': () => (
    <>
      {card(8, 10, '#1c6dd0', -12)}
      {card(30, 6, '#c0392b')}
      {card(52, 10, '#d6408b', 12)}
      <circle cx="70" cy="38" r="7" fill="#f2c94c" stroke="currentColor" stroke-width="1.5" />
    </>
  ),
  'dutch-memory': () => (
    <>
      {card(10, 9, '#2c3e66')}
      {card(34, 9, '#2c3e66')}
      {card(58, 6, '#fbfaf5', 10)}
      <path d="M69 17 l4 5 l-4 5 l-4 -5 Z" fill="#c0392b" />
    </>
  ),
  'golden-age': () => (
    <>
      <path d="M20 30 L40 14 L62 24 L52 40 Z" fill="none" stroke="currentColor" stroke-dasharray="3 2" stroke-width="1.5" />
      <circle cx="20" cy="30" r="8" fill="#8fc18f" stroke="currentColor" stroke-width="1.5" />
      <circle cx="40" cy="14" r="8" fill="#f2d479" stroke="currentColor" stroke-width="1.5" />
      <circle cx="62" cy="24" r="8" fill="#8db7e5" stroke="currentColor" stroke-width="1.5" />
      <circle cx="52" cy="40" r="8" fill="#d9b48f" stroke="currentColor" stroke-width="1.5" />
    </>
  ),
};

export function GamePicture({ id }: { id: GameId }) {
  const Picture = PICTURES[id];
  return (
    <svg class="game-picture" viewBox="0 0 84 50" width="84" height="50" aria-hidden="true" focusable="false">
      <Picture />
    </svg>
  );
}
