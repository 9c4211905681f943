/**
 * Cards of Dutch drawn in SVG. Every suit has its own colour AND its own shape (green triangle,
 * red circle, pink diamond, blue square), so no one depends on telling colours apart; the name in
 * words is the accessible label.
 */
import type { JSX } from 'preact';
import { type CardId, type Edition, type Suit, EDITION_DATA } from '#shared/games/dutch-auction/cards.js';
import { type MessageKey, t } from '../../i18n.js';
import { cardName, suitName } from './logic.js';

const SHAPES: Record<Suit, () => JSX.Element> = {
  green: () => <path class="sym" d="M25 26 L37 47 L13 47 Z" />,
  red: () => <circle class="sym" cx="25" cy="38" r="10.5" />,
  pink: () => <path class="sym" d="M25 25 L37 38 L25 51 L13 38 Z" />,
  blue: () => <rect class="sym" x="15" y="28" width="20" height="20" rx="1.5" />,
};

/**
 * A card's power as the board words it: which power, and for a "take" which piles (2018 cards carry
 * one power; current power cards carry several and are just "power card"). Words come from the
 * catalog at render (`game.dutch-auction.board.face.*` on the face, `.power.*` in sentences).
 */
type PowerKind = 'cash-in' | 'duplicate' | 'change-suit' | 'steal' | 'take-auction' | 'take-own' | 'take-both';

export interface CardFacts {
  suit: Suit;
  rank: string;
  bid: number;
  vp: number;
  power: boolean;
  /** The one power of a 2018 card (null for plain cards and for current power cards, which have several). */
  powerKind: PowerKind | null;
}

export function facts(edition: Edition, id: CardId): CardFacts {
  const info = EDITION_DATA[edition].byId[id];
  const dash = id.indexOf('-');
  const suit = (info?.suit ?? id.slice(0, dash)) as Suit;
  const rank = info?.rank ?? id.slice(dash + 1);
  const powers = info?.powers ?? [];
  let powerKind: PowerKind | null = null;
  if (powers.length === 1 && powers[0] === 'take') {
    const from = info?.takeFrom ?? [];
    powerKind = from.length > 1 ? 'take-both' : from[0] === 'personal-discards' ? 'take-own' : 'take-auction';
  } else if (powers.length === 1 && powers[0] !== 'take') powerKind = powers[0] as PowerKind;
  return { suit, rank, bid: info?.bid ?? 0, vp: info?.vp ?? 0, power: powers.length > 0, powerKind };
}

/** The words on a 2018 power card's face: a short first line on the band, a second one under the shape for "take". */
function faceWords(kind: PowerKind): [string, string?] {
  if (kind.startsWith('take-')) return [t('game.dutch-auction.board.face.take'), t(`game.dutch-auction.board.face.${kind}` as MessageKey)];
  return [t(`game.dutch-auction.board.face.${kind}` as MessageKey)];
}

/** The rank as printed ("5", "P1"). */
const rankText = (rank: string) => t('game.dutch-auction.board.face.rank', { rank });
/** The bottom line of a face: "4 VP", or "power" on a current power card. */
const vpText = (edition: Edition, f: CardFacts) =>
  f.power && edition === 'current' ? t('game.dutch-auction.board.face.power') : t('game.dutch-auction.board.face.vp', { vp: f.vp });

/** The words printed on the face, in reading order (the accessible name starts with them, WCAG 2.5.3). */
export function faceText(edition: Edition, id: CardId): string {
  const f = facts(edition, id);
  const words = [rankText(f.rank)];
  if (f.power && edition === '2018' && f.powerKind) words.push(...faceWords(f.powerKind).filter((w): w is string => !!w));
  words.push(vpText(edition, f));
  return words.join(', ');
}

/** "red 5-bid, bids 5, 4 VP" / "blue power card (P1), bids 0, 0 VP, power card". */
export function cardLabel(edition: Edition, id: CardId, suit?: Suit): string {
  const f = facts(edition, id);
  const parts = [cardName(id)];
  if (suit && suit !== f.suit) parts.push(t('game.dutch-auction.board.card.countsAs', { suit: suitName(suit) }));
  parts.push(t('game.dutch-auction.board.card.bids', { bid: f.bid }), t('game.dutch-auction.board.face.vp', { vp: f.vp }));
  if (f.powerKind) parts.push(t(`game.dutch-auction.board.card.power.${f.powerKind}` as MessageKey));
  else if (f.power) parts.push(t('game.dutch-auction.board.card.powerCard'));
  return parts.join(', ');
}

interface CardProps {
  id: CardId;
  edition: Edition;
  /** The suit it counts as now, when a power changed it. */
  suit?: Suit;
  /** Extra words for screen readers, e.g. "position 3, costs 3". */
  context?: string;
  /** Shown under the card (e.g. "used"). */
  note?: string;
  selected?: boolean;
  /** When given, the card is a toggle button. */
  onToggle?: (id: CardId) => void;
  disabled?: boolean;
  small?: boolean;
}

function Face({ id, edition, suit }: { id: CardId; edition: Edition; suit?: Suit }) {
  const f = facts(edition, id);
  const shown = suit ?? f.suit;
  const face = edition === '2018' && f.powerKind ? faceWords(f.powerKind) : null;
  return (
    <svg class="face" viewBox="0 0 50 70" aria-hidden="true" focusable="false">
      <rect class="paper" x="1" y="1" width="48" height="68" rx="5" />
      <rect class="band" x="1" y="1" width="48" height="15" rx="5" />
      <rect class="band" x="1" y="9" width="48" height="7" />
      <text class="rank" x="5" y="13">
        {rankText(f.rank)}
      </text>
      {/* Spaces between the texts (not drawn) keep the face's words apart when read as text. */}{' '}
      {f.power && (
        <text
          class={edition === '2018' ? 'star note' : 'star'}
          x="46"
          y="12"
          text-anchor="end"
          {...(edition === '2018' && (face?.[0] ?? '').length > 6 ? { textLength: '27', lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {edition === '2018' ? face?.[0] : '★'}
        </text>
      )}{' '}
      {SHAPES[shown]()}
      {face?.[1] && (
        <text
          class="power-line"
          x="25"
          y="55"
          text-anchor="middle"
          {...(face[1].length > 12 ? { textLength: '44', lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {face[1]}
        </text>
      )}{' '}
      <text class="vp" x="25" y="63" text-anchor="middle">
        {vpText(edition, f)}
      </text>
    </svg>
  );
}

export function Card({ id, edition, suit, context, note, selected, onToggle, disabled, small }: CardProps) {
  const f = facts(edition, id);
  const shown = suit ?? f.suit;
  const cls = `card suit-${shown}${small ? ' small' : ''}${selected ? ' selected' : ''}${suit && suit !== f.suit ? ' changed' : ''}`;
  // What the face and the note under it say comes first, so the accessible name contains the
  // visible words in their order (voice control: "click 5, 4 VP"); then where it is and what it is.
  const label = `${faceText(edition, id)}${note ? `, ${note}` : ''}: ${context ? `${context}: ` : ''}${cardLabel(edition, id, suit)}`;
  const body = (
    <>
      <Face id={id} edition={edition} {...(suit ? { suit } : {})} />
      {note && ' '}
      {note && (
        <span class="card-note" aria-hidden="true">
          {note}
        </span>
      )}
    </>
  );
  if (onToggle) {
    return (
      <button
        type="button"
        class={cls}
        data-card={id}
        aria-pressed={selected ? 'true' : 'false'}
        aria-label={label}
        disabled={disabled}
        onClick={() => onToggle(id)}
      >
        {body}
      </button>
    );
  }
  return (
    <span class={cls} data-card={id} role="img" aria-label={label}>
      {body}
    </span>
  );
}

/** The back of a card whose face this viewer may not see. */
export function CardBack({ small }: { small?: boolean }) {
  return (
    <span class={`card back${small ? ' small' : ''}`} aria-hidden="true">
      <svg class="face" viewBox="0 0 50 70" focusable="false" aria-hidden="true">
        <rect class="back-paper" x="1" y="1" width="48" height="68" rx="5" />
        <rect class="back-inner" x="6" y="6" width="38" height="58" rx="3" />
        <path class="back-mark" d="M25 22 L35 35 L25 48 L15 35 Z" />
      </svg>
    </span>
  );
}

/** A row of card backs with a count in words, e.g. the opponent's hand. */
export function Backs({ count, label }: { count: number; label: string }) {
  const shown = Math.min(count, 10);
  return (
    <div class="backs" role="img" aria-label={t('game.dutch-auction.board.backs', { label, count })}>
      {Array.from({ length: shown }, (_, i) => (
        <CardBack key={i} small />
      ))}
    </div>
  );
}

/** The suit's shape on its own, for legends and the score table. */
export function SuitMark({ suit }: { suit: Suit }) {
  return (
    <svg class={`suit-mark suit-${suit}`} viewBox="12 24 26 28" aria-hidden="true" focusable="false">
      {SHAPES[suit]()}
    </svg>
  );
}
