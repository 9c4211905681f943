/**
 * The Golden Age board in SVG, drawn from the view alone (its static layout data included): the
 * province track round the edge with the Steward, the provinces with their borders, movement
 * tokens and influence markers, the Guilds Chart, the colony boxes, the last roll and the bank.
 *
 * Every player's pieces have their own colour AND shape AND letter, so no one depends on telling
 * colours apart. Places with a legal move are buttons (Tab, Enter/Space); the rest are labelled
 * images, still clickable to read what lies there.
 */
import { Fragment, type ComponentChildren, type JSX } from 'preact';
import type { GuildColour, ProvinceId } from '#shared/games/golden-age/board.js';
import type { MarkerView } from '#shared/games/golden-age/view.js';
import {
  type GoldenAgeView,
  type Place,
  SEAT_COLOURS,
  SEAT_SHAPES,
  colourAction,
  colourWord,
  money,
  moneyShort,
  placeKey,
  provinceName,
  tb,
} from './logic.js';

export const PROVINCE_FILL: Readonly<Record<GuildColour, string>> = {
  green: '#cde6bd',
  yellow: '#f6e49b',
  brown: '#e0c7a4',
  blue: '#c0d8ef',
  grey: '#dcdcd8',
};
export const PROVINCE_STROKE: Readonly<Record<GuildColour, string>> = {
  green: '#3d7a30',
  yellow: '#9a7d00',
  brown: '#7a5230',
  blue: '#2d6aa3',
  grey: '#666666',
};

// ----------------------------------------------------------------------------------- pieces

/**
 * `translate="no"` for an SVG element: a player's letter is part of a name, not a word of the catalog
 * (the pseudo-locale check skips it). Preact's `translate={false}` sets the HTML property, which SVG
 * elements lack, and its SVG types take only a boolean: the attribute is given as is.
 */
const NOT_WORDS = { translate: 'no' } as object;

/** One player's piece: a token (small) or an influence marker (large, with an inner ring). */
export function Piece({
  seat,
  x,
  y,
  size,
  letter,
  marker,
  used,
}: {
  seat: number;
  x: number;
  y: number;
  size: number;
  letter: string;
  marker?: boolean;
  used?: boolean;
}) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length]!;
  const fill = SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
  const s = size;
  const outline = (k: number, props: { fill: string; stroke: string; 'stroke-width': number }) => {
    const z = s * k;
    switch (shape) {
      case 'circle':
        return <circle r={z} {...props} />;
      case 'square':
        return <rect x={-z * 0.9} y={-z * 0.9} width={z * 1.8} height={z * 1.8} rx={z * 0.15} {...props} />;
      case 'diamond':
        return <polygon points={`0,${-z * 1.2} ${z * 1.2},0 0,${z * 1.2} ${-z * 1.2},0`} {...props} />;
      case 'triangle':
        return <polygon points={`0,${-z * 1.3} ${z * 1.25},${z * 0.85} ${-z * 1.25},${z * 0.85}`} {...props} />;
    }
  };
  const ly = shape === 'triangle' ? s * 0.22 : 0;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
    <g
      class={`ga-piece${marker ? ' ga-marker' : ' ga-token'}${used ? ' ga-used' : ''}`}
      transform={`translate(${x} ${y})`}
      data-seat={seat}
      aria-hidden="true"
    >
      {outline(1, { fill, stroke: '#111', 'stroke-width': marker ? 2 : 1.5 })}
      {marker && outline(0.74, { fill: 'none', stroke: '#fff', 'stroke-width': 2 })}
      <text class="ga-piece-letter" y={ly} font-size={s * (marker ? 0.95 : 1.1)} {...NOT_WORDS}>
        {letter}
      </text>
      {used && (
        <g class="ga-used-cross">
          <line x1={-s} y1={-s} x2={s} y2={s} />
          <line x1={-s} y1={s} x2={s} y2={-s} />
        </g>
      )}
    </g>
  );
}

function Count({ x, y, n, size }: { x: number; y: number; n: number; size: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
    <g class="ga-count" transform={`translate(${x} ${y})`} aria-hidden="true">
      <circle r={size} />
      <text font-size={size * 1.35}>{n}</text>
    </g>
  );
}

// ---------------------------------------------------------------------------- interactivity

export interface SvgProps {
  view: GoldenAgeView;
  letters: readonly string[];
  name: (seat: number) => string;
  /** keys of places with a legal move */
  active: ReadonlySet<string>;
  selected: Place | null;
  /** provinces a token can move to from the selected one */
  targets: readonly ProvinceId[];
  onPlace: (p: Place) => void;
  disabled: boolean;
}

interface PlaceAttrs {
  class: string;
  role: 'button' | 'img';
  /** lower case on purpose: on SVG elements setAttribute keeps the case, and only `tabindex` makes them focusable */
  tabindex: number | undefined;
  'aria-label': string;
  'aria-pressed': 'true' | 'false' | undefined;
  onClick: () => void;
  onKeyDown: ((e: KeyboardEvent) => void) | undefined;
}

/**
 * What is drawn over a place but is not its name (pieces, counts, prices, the auction tag): kept
 * out of the place's button, so the button's visible text is only the words its accessible name
 * starts with (WCAG 2.5.3), and clicks go through it to the place below. Tests find a place's
 * pieces by `data-deco-for`.
 */
function Deco({ place, children }: { place: Place; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
    <g class="ga-deco" data-deco-for={placeKey(place)} aria-hidden="true">
      {children}
    </g>
  );
}

function placeProps(p: Place, props: SvgProps, label: string, extraClass = ''): PlaceAttrs {
  const key = placeKey(p);
  const active = props.active.has(key) && !props.disabled;
  const target = p.kind === 'province' && props.targets.includes(p.id) && !props.disabled;
  const selected = props.selected !== null && placeKey(props.selected) === key;
  const cls = ['ga-place', extraClass, active ? 'active' : '', target ? 'target' : '', selected ? 'selected' : '']
    .filter(Boolean)
    .join(' ');
  const act = () => props.onPlace(p);
  const interactive = active || target;
  return {
    class: cls,
    role: interactive ? 'button' : 'img',
    tabindex: interactive ? 0 : undefined,
    'aria-label': target ? tb('svg.moveHere', { label }) : label,
    'aria-pressed': interactive ? (selected ? 'true' : 'false') : undefined,
    onClick: act,
    onKeyDown: interactive
      ? (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            act();
          }
        }
      : undefined,
  };
}

// ------------------------------------------------------------------------------- the board

const abbr = (name: string) => name.slice(0, 3);

function markerWords(m: MarkerView, name: (s: number) => string): string {
  return m.used ? tb('svg.markerUsed', { name: name(m.owner) }) : tb('svg.marker', { name: name(m.owner) });
}

function tokensWords(tokens: readonly number[], name: (s: number) => string): string {
  const parts = tokens.flatMap((n, s) => (n > 0 ? [tb('seatCount', { name: name(s), count: n })] : []));
  return parts.length ? tb('fact.tokens', { list: parts.join(', ') }) : tb('svg.noTokens');
}

export function BoardSvg(props: SvgProps) {
  const { view, name } = props;
  const W = view.size.width;
  const H = view.size.height;
  const stewardBox = view.steward === null ? null : (view.track[view.steward] ?? null);

  return (
    <svg class="ga-svg" viewBox={`0 0 ${W} ${H}`} role="group" aria-label={tb('svg.label')} data-steward={view.steward ?? ''}>
      <rect class="ga-paper" x="0" y="0" width={W} height={H} rx="18" />
      <rect class="ga-inner" x="72" y="78" width={W - 144} height={H - 156} rx="10" />

      {/* ------------------------------------------------------------ the province track */}
      <ProvinceTrack {...props} />

      {/* --------------------------------------------------------------------- provinces */}
      <Provinces {...props} />

      {/* ------------------------------------------------------------------ Guilds Chart */}
      <GuildsChart {...props} />

      {/* ---------------------------------------------------------------------- colonies */}
      <Colonies {...props} />

      {/* ------------------------------------------------------------- roll and bank */}
      <RollAndBank view={view} name={name} />

      {/* ------------------------------------------------------------------- the Steward */}
      {stewardBox && <Steward x={stewardBox.x} y={stewardBox.y} w={stewardBox.w} h={stewardBox.h} width={W} height={H} />}
    </svg>
  );
}

/** The boxes round the edge of the board. */
function ProvinceTrack(props: SvgProps) {
  const { view } = props;
  const byId = new Map(view.provinces.map((p) => [p.id, p]));
  return (
    <g class="ga-track" aria-label={tb('svg.track')}>
      {view.track.map((b) => {
        const x0 = b.x - b.w / 2;
        const y0 = b.y - b.h / 2;
        const place: Place = { kind: 'box', box: b.box };
        const here = view.steward === b.box;
        let words: string;
        let body: JSX.Element;
        if (b.kind === 'provinces') {
          const [a, c] = b.provinces as [ProvinceId, ProvinceId];
          const pa = byId.get(a)!;
          const pc = byId.get(c)!;
          words = tb('svg.boxTwo', { box: b.box, a: provinceName(a), b: provinceName(c) });
          body = (
            <>
              <rect class="ga-box-half" x={x0 + 2} y={y0 + 2} width={b.w - 4} height={b.h / 2 - 2} fill={PROVINCE_FILL[pa.colour]} />
              <rect class="ga-box-half" x={x0 + 2} y={b.y} width={b.w - 4} height={b.h / 2 - 2} fill={PROVINCE_FILL[pc.colour]} />
              <text class="ga-box-abbr" x={b.x + 6} y={y0 + b.h * 0.28}>
                {abbr(provinceName(a))}
              </text>
              <text class="ga-box-abbr" x={b.x + 6} y={y0 + b.h * 0.76}>
                {abbr(provinceName(c))}
              </text>
            </>
          );
        } else if (b.kind === 'merchant') {
          const gov = b.governorOf ? provinceName(b.governorOf) : '';
          words = gov ? tb('svg.boxMerchantGov', { box: b.box, province: gov }) : tb('svg.boxMerchant', { box: b.box });
          body = (
            <>
              <rect class="ga-box-merchant" x={x0 + 2} y={y0 + 2} width={b.w - 4} height={b.h - 4} />
              <text class="ga-box-word" x={b.x} y={y0 + b.h * 0.42}>
                {tb('svg.merchant')}
              </text>
              <text class="ga-box-small" x={b.x} y={y0 + b.h * 0.72}>
                {gov ? tb('svg.gov', { abbr: abbr(gov) }) : ''}
              </text>
            </>
          );
        } else {
          words = tb('svg.boxWillem', { box: b.box });
          body = (
            <>
              <rect class="ga-box-willem" x={x0 + 2} y={y0 + 2} width={b.w - 4} height={b.h - 4} />
              <text class="ga-box-word" x={b.x} y={y0 + b.h * 0.42}>
                {tb('willem')}
              </text>
              <text class="ga-box-small" x={b.x} y={y0 + b.h * 0.72}>
                {tb('svg.each')}
              </text>
            </>
          );
        }
        return (
          <Fragment key={b.box}>
            <g
              data-box={b.box}
              data-kind={b.kind}
              {...placeProps(place, props, here ? tb('svg.stewardHere', { label: words }) : words, here ? 'ga-box steward-here' : 'ga-box')}
            >
              <rect class="hit ga-box-frame" x={x0} y={y0} width={b.w} height={b.h} />
              <text class="ga-box-no" x={x0 + 4} y={y0 + 12}>
                {b.box}
              </text>
            </g>
            <Deco place={place}>{body}</Deco>
          </Fragment>
        );
      })}
    </g>
  );
}

/** The provinces with their borders, the paths a token can take, and their pieces. */
function Provinces(props: SvgProps) {
  const { view, letters, name } = props;
  const byId = new Map(view.provinces.map((p) => [p.id, p]));
  const stewardBox = view.steward === null ? null : (view.track[view.steward] ?? null);
  const shown = new Set<ProvinceId>(stewardBox?.provinces ?? []);
  const sel = props.selected;
  const selProvince = sel?.kind === 'province' ? byId.get(sel.id) : undefined;

  // Borders once each.
  const borders: [ProvinceId, ProvinceId][] = [];
  for (const p of view.provinces) for (const q of p.adjacent) if (p.id < q) borders.push([p.id, q]);

  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable. */}
      <g class="ga-borders" aria-hidden="true">
        {borders.map(([a, b]) => {
          const p = byId.get(a)!;
          const q = byId.get(b)!;
          return <line key={`${a}-${b}`} x1={p.x} y1={p.y} x2={q.x} y2={q.y} />;
        })}
      </g>
      {selProvince &&
        props.targets.map((to) => {
          const q = byId.get(to);
          return q ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
            <line key={to} class="ga-move-path" aria-hidden="true" x1={selProvince.x} y1={selProvince.y} x2={q.x} y2={q.y} />
          ) : null;
        })}
      <g class="ga-provinces">
        {view.provinces.map((p) => {
          const R = p.r;
          const place: Place = { kind: 'province', id: p.id };
          const tokenSeats = p.tokens.flatMap((n, s) => (n > 0 ? [s] : []));
          const auctioned = view.auction?.province === p.id || view.pending?.province === p.id;
          const label = [
            tb('svg.province', {
              province: provinceName(p.id),
              colour: colourWord(p.colour),
              action: colourAction(p.colour),
            }),
            p.marker ? tb('svg.hasMarker', { marker: markerWords(p.marker, name) }) : tb('svg.noMarker'),
            tokensWords(p.tokens, name),
            shown.has(p.id) ? tb('svg.shown') : '',
            auctioned ? tb('svg.auctioned') : '',
          ]
            .filter(Boolean)
            .join(' ');
          const gap = 27;
          const startX = p.x - ((tokenSeats.length - 1) * gap) / 2;
          return (
            <Fragment key={p.id}>
              <g
                data-province={p.id}
                data-marker={p.marker ? p.marker.owner : ''}
                data-tokens={p.tokens.join(',')}
                {...placeProps(place, props, label, `ga-province${shown.has(p.id) ? ' shown' : ''}${auctioned ? ' auctioned' : ''}`)}
              >
                <circle
                  class="hit ga-prov-shape"
                  cx={p.x}
                  cy={p.y}
                  r={R}
                  fill={PROVINCE_FILL[p.colour]}
                  stroke={PROVINCE_STROKE[p.colour]}
                />
                {shown.has(p.id) && <circle class="ga-shown-ring" cx={p.x} cy={p.y} r={R + 7} />}
                <text class="ga-prov-name" x={p.x} y={p.y - R + 22}>
                  {provinceName(p.id)}
                </text>{' '}
                <text class="ga-prov-colour" x={p.x} y={p.y - R + 36} fill={PROVINCE_STROKE[p.colour]}>
                  {colourWord(p.colour)}
                </text>
              </g>
              <Deco place={place}>
                {p.marker ? (
                  <Piece
                    seat={p.marker.owner}
                    x={p.x}
                    y={p.y + R * 0.14}
                    size={Math.min(17, R * 0.3)}
                    letter={letters[p.marker.owner] ?? '?'}
                    marker
                    used={p.marker.used}
                  />
                ) : (
                  <circle class="ga-slot" cx={p.x} cy={p.y + R * 0.14} r={Math.min(15, R * 0.27)} />
                )}
                {tokenSeats.map((s, i) => {
                  const x = startX + i * gap;
                  const y = p.y + R - 17;
                  const n = p.tokens[s] ?? 0;
                  return (
                    <g key={s}>
                      <Piece seat={s} x={x} y={y} size={10.5} letter={letters[s] ?? '?'} />
                      {n > 1 && <Count x={x + 10} y={y - 11} n={n} size={7.5} />}
                    </g>
                  );
                })}
                {auctioned && (
                  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
                  <g class="ga-auction-tag" aria-hidden="true">
                    <rect x={p.x - 38} y={p.y + R + 1} width="76" height="22" rx="11" />
                    <text x={p.x} y={p.y + R + 12}>
                      {tb('svg.auctionTag')}
                    </text>
                  </g>
                )}
              </Deco>
            </Fragment>
          );
        })}
      </g>
    </>
  );
}

/** The colony boxes: the East Indies and the West Indies. */
function Colonies(props: SvgProps) {
  const { view, letters, name } = props;
  return (
    <>
      <text class="ga-title" x="760" y="182">
        {tb('outcome.eastIndies')}
      </text>
      {view.colonies.map((c) => {
        const place: Place = { kind: 'colony', box: c.box };
        const west = c.indies === 'west';
        const w = west ? 150 : 54;
        const h = west ? 62 : 54;
        const who = c.markers.map((m) => markerWords(m, name)).join(', ');
        const label = `${
          west
            ? tb('svg.colonyWest', { box: c.box, amount: money(c.spicePrice) })
            : tb('svg.colonyEast', { box: c.box, amount: money(c.spicePrice) })
        } ${who ? tb('svg.who', { who }) : tb('svg.empty')}`;
        const gap = 30;
        const startX = c.x - ((c.markers.length - 1) * gap) / 2;
        return (
          <Fragment key={c.box}>
            <g data-colony={c.box} {...placeProps(place, props, label, 'ga-colony')}>
              <rect class="hit ga-colony-box" x={c.x - w / 2} y={c.y - h / 2} width={w} height={h} rx="6" />
              <text class="ga-colony-no" x={c.x - w / 2 + 5} y={c.y - h / 2 + 14}>
                {c.box}
              </text>{' '}
              {west && (
                <text class="ga-colony-title" x={c.x} y={c.y - h / 2 + 17}>
                  {tb('outcome.westIndies')}
                </text>
              )}
            </g>
            <Deco place={place}>
              <text class="ga-colony-price" x={c.x + w / 2 - 5} y={c.y + h / 2 - 6}>
                {moneyShort(c.spicePrice)}
              </text>
              {c.markers.map((m, i) => (
                <Piece
                  key={i}
                  seat={m.owner}
                  x={startX + i * gap}
                  y={west ? c.y + 12 : c.y + 2}
                  size={west ? 11 : 14}
                  letter={letters[m.owner] ?? '?'}
                  marker
                  used={m.used}
                />
              ))}
            </Deco>
          </Fragment>
        );
      })}
    </>
  );
}

function GuildsChart(props: SvgProps) {
  const { view, letters, name } = props;
  const c = view.guildChart;
  const top = c.y;
  const height = c.boxes * c.boxHeight;
  return (
    <g class="ga-guilds">
      <text class="ga-title" x={c.x + (c.columns * c.columnWidth) / 2} y={top - 34}>
        {tb('svg.guilds')}
      </text>
      {view.guilds.map((g, col) => {
        const x = c.x + col * c.columnWidth;
        const place: Place = { kind: 'guild', colour: g.colour };
        const label = [
          tb('svg.guild', { colour: colourWord(g.colour) }),
          g.holder ? tb('svg.heldBy', { marker: markerWords(g.holder, name) }) : tb('svg.nobodyHolds'),
          g.nextPrice === null ? tb('svg.full') : tb('fact.takeover', { amount: money(g.nextPrice) }),
        ].join(' ');
        return (
          <Fragment key={g.colour}>
            <g
              data-guild={g.colour}
              data-level={g.level}
              data-holder={g.holder?.owner ?? ''}
              {...placeProps(place, props, label, 'ga-guild')}
            >
              <rect
                class="hit ga-guild-col"
                x={x + 1}
                y={top - 20}
                width={c.columnWidth - 2}
                height={height + 20}
                fill={PROVINCE_FILL[g.colour]}
                stroke={PROVINCE_STROKE[g.colour]}
              />
              <text class="ga-guild-head" x={x + c.columnWidth / 2} y={top - 6} fill={PROVINCE_STROKE[g.colour]}>
                {colourWord(g.colour)}
              </text>
            </g>
            <Deco place={place}>
              {g.prices.map((price, i) => {
                const y = top + (c.boxes - 1 - i) * c.boxHeight;
                const cls = i < g.level ? 'ga-guild-box used' : i === g.level ? 'ga-guild-box next' : 'ga-guild-box';
                return (
                  <g key={i}>
                    <rect class={cls} x={x + 4} y={y + 2} width={c.columnWidth - 8} height={c.boxHeight - 4} rx="3" />
                    <text class="ga-guild-price" x={x + c.columnWidth / 2} y={y + c.boxHeight / 2 + 1}>
                      {moneyShort(price)}
                    </text>
                  </g>
                );
              })}
              {g.holder && g.level > 0 && (
                <Piece
                  seat={g.holder.owner}
                  x={x + c.columnWidth / 2}
                  y={top + (c.boxes - g.level) * c.boxHeight + c.boxHeight / 2}
                  size={13}
                  letter={letters[g.holder.owner] ?? '?'}
                  marker
                  used={g.holder.used}
                />
              )}
            </Deco>
          </Fragment>
        );
      })}
    </g>
  );
}

const PIPS: Readonly<Record<number, readonly [number, number][]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function Die({ x, y, value }: { x: number; y: number; value: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
    <g class="ga-die" transform={`translate(${x} ${y})`} aria-hidden="true">
      <rect x="-24" y="-24" width="48" height="48" rx="8" />
      {(PIPS[value] ?? []).map(([px, py], i) => (
        <circle key={i} cx={px * 12} cy={py * 12} r="5" />
      ))}
    </g>
  );
}

function RollAndBank({ view, name }: { view: GoldenAgeView; name: (s: number) => string }) {
  const r = view.lastRoll;
  const rollWords = r
    ? r.dice
      ? tb('svg.lastRollWords', { name: name(r.seat), a: r.dice[0], b: r.dice[1], steps: r.steps, to: r.to })
      : tb('svg.lastCardWords', { name: name(r.seat), steps: r.steps, to: r.to })
    : tb('svg.noRoll');
  return (
    <g class="ga-side-info">
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is not interactive (no tabindex, no handlers); biome counts every SVG element as interactive. */}
      <g role="img" aria-label={rollWords} class="ga-roll" data-roll={r ? (r.dice ? r.dice.join('+') : `card:${r.steps}`) : ''}>
        <rect class="ga-panel" x="88" y="548" width="196" height="128" rx="10" />
        <text class="ga-panel-title" x="186" y="572">
          {tb('svg.lastRoll')}
        </text>
        {r?.dice ? (
          <>
            <Die x={150} y={620} value={r.dice[0]} />
            <Die x={222} y={620} value={r.dice[1]} />
          </>
        ) : r ? (
          <text class="ga-panel-big" x="186" y="628">
            {tb('svg.card', { steps: r.steps })}
          </text>
        ) : (
          <text class="ga-panel-note" x="186" y="626">
            {tb('svg.noneYet')}
          </text>
        )}
        {r && (
          <text class="ga-panel-note" x="186" y="664">
            {tb('svg.steps', { name: name(r.seat), steps: r.steps })}
          </text>
        )}
      </g>
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is not interactive (no tabindex, no handlers); biome counts every SVG element as interactive. */}
      <g role="img" aria-label={tb('svg.bankHolds', { amount: money(view.bank) })} class="ga-bank">
        <rect class="ga-panel" x="88" y="694" width="196" height="70" rx="10" />
        <text class="ga-panel-title" x="186" y="718">
          {tb('svg.bank')}
        </text>
        <text class="ga-panel-big" x="186" y="750">
          {moneyShort(view.bank)}
        </text>
      </g>
    </g>
  );
}

/** The Steward stands just inside the track, pointing at its box. */
function Steward({ x, y, w, h, width, height }: { x: number; y: number; w: number; h: number; width: number; height: number }) {
  const dx = width / 2 - x;
  const dy = height / 2 - y;
  // Half a box inwards, onto the inner edge of the side the box is on (corners: diagonally).
  const sx = Math.abs(dx) > width / 2 - w ? Math.sign(dx) * w * 0.5 : 0;
  const sy = Math.abs(dy) > height / 2 - h ? Math.sign(dy) * h * 0.5 : 0;
  const px = x + sx;
  const py = y + sy;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG elements without a tabindex cannot take focus and none is set here; biome counts every SVG element as focusable.
    <g class="ga-steward" aria-hidden="true">
      <rect class="ga-steward-box" x={x - w / 2 + 2} y={y - h / 2 + 2} width={w - 4} height={h - 4} rx="4" />
      <line class="ga-steward-link" x1={x} y1={y} x2={px} y2={py} />
      <g transform={`translate(${px} ${py}) scale(0.8)`}>
        <path class="ga-steward-body" d="M-15 22 L-9 -2 L9 -2 L15 22 Z" />
        <circle class="ga-steward-body" cx="0" cy="-12" r="11" />
        <text class="ga-steward-letter" x="0" y="12">
          {tb('svg.stewardLetter')}
        </text>
      </g>
    </g>
  );
}
