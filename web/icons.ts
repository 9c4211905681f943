/**
 * The installed app's icons, drawn at build time (web/build.ts writes them into web/dist): the favicon's
 * card and diamond on a full-bleed blue square, as PNG 192 and 512. Full bleed because they are also the
 * maskable icons: a launcher may cut them to a circle of 80 % of the side, and the card stays inside it.
 * No image library: a few shapes, 4 × 4 samples a pixel for smooth edges, and PNG's own framing
 * (zlib deflate and CRC-32 are in node:zlib).
 */
import { crc32, deflateSync } from 'node:zlib';

export const ICON_SIZES = [192, 512] as const;
export const iconFile = (size: number) => `icon-${size}.png`;

const BLUE = [0x1f, 0x4e, 0x79] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

/** Whether a point (in units of the side, 0..1) is white: the card's outline or the diamond. */
function white(x: number, y: number): boolean {
  const dx = Math.abs(x - 0.5);
  const dy = Math.abs(y - 0.5);
  // The diamond: |dx|/0.1 + |dy|/0.13 ≤ 1.
  if (dx / 0.1 + dy / 0.13 <= 1) return true;
  // The card's outline: a rounded rectangle 0.36 × 0.5, its stroke 0.04 wide.
  return insideRounded(dx, dy, 0.18, 0.25, 0.05) && !insideRounded(dx, dy, 0.14, 0.21, 0.02);
}

/** Inside a rectangle centred on the origin with half-sides hw × hh and corner radius r (dx, dy ≥ 0). */
function insideRounded(dx: number, dy: number, hw: number, hh: number, r: number): boolean {
  if (dx > hw || dy > hh) return false;
  const cx = dx - (hw - r);
  const cy = dy - (hh - r);
  return cx <= 0 || cy <= 0 || cx * cx + cy * cy <= r * r;
}

/** The icon's pixels, RGB, each row led by PNG's filter byte (0: none). */
function pixels(size: number): Uint8Array {
  const SAMPLES = 4;
  const row = 1 + size * 3;
  const out = new Uint8Array(row * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) if (white((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) hits++;
      const share = hits / (SAMPLES * SAMPLES);
      const at = py * row + 1 + px * 3;
      for (let c = 0; c < 3; c++) out[at + c] = Math.round(BLUE[c]! + (WHITE[c]! - BLUE[c]!) * share);
    }
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The icon as a PNG file: 8-bit RGB, no interlace. */
export function iconPng(size: number): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels(size), { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
