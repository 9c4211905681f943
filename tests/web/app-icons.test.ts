/**
 * The installed app's icons and manifest: the PNGs web/icons.ts draws are valid PNG files (every chunk's
 * CRC, the size in IHDR), full bleed and with everything drawn inside the maskable safe zone (a circle of
 * 80 % of the side); the manifest names 192 and 512 PNGs for "any" and "maskable" that the build writes;
 * and the local server sends them (and the manifest) with their content types.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createLocalApp } from '../../functions/local/server.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { ICON_SIZES, iconFile, iconPng } from '../../web/icons.js';
import { siteGames } from './support/site.js';

interface Decoded {
  width: number;
  height: number;
  pixel: (x: number, y: number) => [number, number, number];
}

/** A reader written from the PNG specification's chunk layout, for 8-bit RGB with filter 0 rows. */
function decode(png: Uint8Array): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  const idat: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    types.push(type);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const row = 1 + width * 3;
  expect(raw.length).toBe(row * height);
  for (let y = 0; y < height; y++) expect(raw[y * row]).toBe(0);
  return {
    width,
    height,
    pixel: (x, y) => [raw[y * row + 1 + x * 3]!, raw[y * row + 2 + x * 3]!, raw[y * row + 3 + x * 3]!],
  };
}

const BLUE = [0x1f, 0x4e, 0x79];
const WHITE = [0xff, 0xff, 0xff];

describe("the app's icons", () => {
  it.each(ICON_SIZES)('%i px: a valid PNG, full bleed, drawn inside the maskable safe zone', (size) => {
    const icon = decode(iconPng(size));
    expect([icon.width, icon.height]).toEqual([size, size]);
    // Full bleed: the corners are the background, nothing transparent for a launcher to fill.
    for (const [x, y] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
      [size - 1, size - 1],
    ])
      expect(icon.pixel(x!, y!)).toEqual(BLUE);
    // The diamond's middle is white; every pixel that is not background lies inside the safe circle.
    expect(icon.pixel(size / 2, size / 2)).toEqual(WHITE);
    let drawn = 0;
    let farthest = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const p = icon.pixel(x, y);
        if (p[0] === BLUE[0] && p[1] === BLUE[1] && p[2] === BLUE[2]) continue;
        drawn++;
        farthest = Math.max(farthest, Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2));
      }
    expect(farthest).toBeLessThanOrEqual(0.4 * size);
    expect(drawn).toBeGreaterThan(size * size * 0.05);
  });

  it('the manifest names the PNGs the build writes, for any use and as maskable, and the SVG', () => {
    const manifest = JSON.parse(readFileSync('web/public/manifest.webmanifest', 'utf8')) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    for (const size of ICON_SIZES)
      for (const purpose of ['any', 'maskable'])
        expect(manifest.icons).toContainEqual({ src: `/${iconFile(size)}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
    const built = new Set(ICON_SIZES.map((s) => `/${iconFile(s)}`));
    for (const icon of manifest.icons) expect(built.has(icon.src) || icon.src === '/favicon.svg', icon.src).toBe(true);
  });

  it('the local server sends the icons and the manifest with their content types', async () => {
    const root = mkdtempSync(join(tmpdir(), 'icons-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>Dutch</title>');
      writeFileSync(join(root, iconFile(192)), iconPng(192));
      writeFileSync(join(root, 'manifest.webmanifest'), readFileSync('web/public/manifest.webmanifest'));
      const app = createLocalApp({ store: new MemoryMatchStore(), games: siteGames() }, root);
      const png = await app.request(`/${iconFile(192)}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(decode(new Uint8Array(await png.arrayBuffer())).width).toBe(192);
      const manifest = await app.request('/manifest.webmanifest');
      expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
