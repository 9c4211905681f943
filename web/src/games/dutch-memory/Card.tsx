/**
 * Playing cards in SVG. Every suit has its own shape and red suits are red, black suits black, so
 * nobody depends on telling colours apart; the accessible name says the card in words.
 *
 * A face-down card is drawn as a back and carries nothing of its face: no id, no class, no label.
 * Path data uses lower-case (relative) commands only, so no card id ("2H", "10C") can appear by
 * accident in the page's markup — the browser test searches the markup for hidden card ids.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { CardFace, Suit } from '#shared/games/dutch-memory/cards.js';
import { cardName } from './logic.js';
import { w } from './words.js';

/** The letter a card shows for its rank: the catalog's for the court cards and the Ace (Dutch decks say B, V, H), else the number. */
const mark = (card: CardFace) =>
  card.rank === 'A' || card.rank === 'J' || card.rank === 'Q' || card.rank === 'K' ? w(`mark.${card.rank}`) : card.rank;

/** Suit shapes in a 20×20 box. */
const SHAPES: Record<Suit, () => JSX.Element> = {
  H: () => (
    <path d="m10 18.5c-1.2-1.2-9-6.6-9-11.6c0-3 2.2-5.1 4.7-5.1c2 0 3.5 1.2 4.3 2.8c.8-1.6 2.3-2.8 4.3-2.8c2.5 0 4.7 2.1 4.7 5.1c0 5-7.8 10.4-9 11.6z" />
  ),
  D: () => <path d="m10 .8l7.6 9.2l-7.6 9.2l-7.6-9.2z" />,
  S: () => (
    <path d="m10 1c1.2 2.2 8.6 6.5 8.6 11c0 2.6-2 4.3-4.3 4.3c-1.6 0-2.8-.8-3.4-1.8c.3 1.8 1.2 3.2 2.4 4.5h-6.6c1.2-1.3 2.1-2.7 2.4-4.5c-.6 1-1.8 1.8-3.4 1.8c-2.3 0-4.3-1.7-4.3-4.3c0-4.5 7.4-8.8 8.6-11z" />
  ),
  C: () => (
    <g>
      <circle cx="10" cy="5.6" r="4.3" />
      <circle cx="5.2" cy="11.4" r="4.3" />
      <circle cx="14.8" cy="11.4" r="4.3" />
      <circle cx="10" cy="10.4" r="2.6" />
      <path d="m10 11l2.4 8h-4.8z" />
    </g>
  ),
};

const RED: Record<Suit, boolean> = { H: true, D: true, C: false, S: false };

function SuitSymbol({ suit, x, y, size }: { suit: Suit; x: number; y: number; size: number }) {
  return <g transform={`translate(${x} ${y}) scale(${size / 20})`}>{SHAPES[suit]()}</g>;
}

/** The suit's shape on its own (legends, tables). */
export function SuitMark({ suit }: { suit: Suit }) {
  return (
    <svg class={`dm-suit ${RED[suit] ? 'dm-red' : 'dm-black'}`} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {SHAPES[suit]()}
    </svg>
  );
}

/** The rank and suit in a corner (drawn twice: top left, and turned round bottom right). */
function CornerIndex({ card }: { card: CardFace }) {
  const wide = card.rank === '10';
  return (
    <>
      <text class={wide ? 'dm-rank dm-rank-10' : 'dm-rank'} x={wide ? 2.5 : 4.5} y="13">
        {mark(card)}
      </text>
      <SuitSymbol suit={card.suit} x={4} y={15.5} size={8} />
    </>
  );
}

function FaceSvg({ card }: { card: CardFace }) {
  // The corner is defined once and drawn twice by reference, so the button's visible text is the rank
  // once (what its label names), not "44" (axe: label-content-name-mismatch).
  const corner = `dm-corner-${useId()}`;
  const court = card.rank === 'J' || card.rank === 'Q' || card.rank === 'K';
  return (
    <svg class="dm-svg" viewBox="0 0 50 70" aria-hidden="true" focusable="false">
      <rect class="dm-paper" x="1" y="1" width="48" height="68" rx="5" />
      <defs>
        <g id={corner}>
          <CornerIndex card={card} />
        </g>
      </defs>
      <g class="dm-ink">
        <use href={`#${corner}`} />
        <use href={`#${corner}`} transform="rotate(180 25 35)" />
        {court ? (
          <>
            <rect class="dm-court" x="14" y="14" width="22" height="42" rx="3" />
            <text class="dm-court-letter" x="25" y="38" text-anchor="middle">
              {mark(card)}
            </text>
            <SuitSymbol suit={card.suit} x={19} y={41} size={12} />
          </>
        ) : (
          <SuitSymbol suit={card.suit} x={12} y={22} size={26} />
        )}
      </g>
    </svg>
  );
}

function BackSvg() {
  return (
    <svg class="dm-svg" viewBox="0 0 50 70" aria-hidden="true" focusable="false">
      <rect class="dm-back-paper" x="1" y="1" width="48" height="68" rx="5" />
      <rect class="dm-back-inner" x="5" y="5" width="40" height="60" rx="3" />
      <path
        class="dm-back-lines"
        d="m5 15l40 40m-40-30l30 30m-30-20l20 20m-20-10l10 10m0-40l30 30m-20-30l20 20m-10-20l10 10m-40 10l40-40m-40 50l40-40m-30 50l30-30m-20 30l20-20m-40-10l30-30m-30 20l20-20m-20 10l10-10"
      />
      <path class="dm-back-mark" d="m25 24l9 11l-9 11l-9-11z" />
    </svg>
  );
}

export type CardSize = 'lg' | 'md' | 'sm' | 'xs';

export interface PlayingCardProps {
  /** The face, or null for a face-down card. */
  face: CardFace | null;
  /** The accessible name (position, whose, what is known). */
  label: string;
  size?: CardSize;
  /** Shown under the card (e.g. "seen by you"). */
  note?: string | undefined;
  selected?: boolean;
  /** When given, the card is a button. */
  onClick?: (() => void) | undefined;
  disabled?: boolean;
  /** Extra classes: 'revealed' (just looked at), 'snappable'. */
  marks?: string[];
  data?: Record<string, string | number>;
}

export function PlayingCard({ face, label, size = 'md', note, selected, onClick, disabled, marks = [], data = {} }: PlayingCardProps) {
  const cls = [
    'dm-card',
    `dm-${size}`,
    face ? (RED[face.suit] ? 'dm-red' : 'dm-black') : 'dm-facedown',
    selected ? 'dm-selected' : '',
    onClick ? 'dm-clickable' : '',
    ...marks.map((m) => `dm-${m}`),
  ]
    .filter(Boolean)
    .join(' ');
  const attrs: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) attrs[`data-${k}`] = v;
  if (face) attrs['data-card'] = face.id;
  const body = (
    <>
      {face ? <FaceSvg card={face} /> : <BackSvg />}
      {note && (
        <span class="dm-note" aria-hidden="true">
          {note}
        </span>
      )}
    </>
  );
  if (onClick) {
    return (
      <button
        type="button"
        class={cls}
        aria-label={label}
        aria-pressed={selected ? 'true' : 'false'}
        disabled={disabled}
        onClick={onClick}
        {...attrs}
      >
        {body}
      </button>
    );
  }
  return (
    <span class={cls} role="img" aria-label={label} {...attrs}>
      {body}
    </span>
  );
}

/** "7 of hearts, 7 points" for a face; "face down" otherwise. */
export function faceWords(face: CardFace | null): string {
  return face ? w('face', { card: cardName(face), points: face.value }) : w('faceDown');
}

/** An empty position: the gap a snapped card left. */
export function EmptySlot({ label, size = 'md' }: { label: string; size?: CardSize }) {
  return <span class={`dm-card dm-${size} dm-empty`} role="img" aria-label={label} />;
}
