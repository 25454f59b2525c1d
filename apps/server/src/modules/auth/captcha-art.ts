import { randomInt } from 'node:crypto';
import { Raster } from '../../lib/png.ts';

export const SLIDE = { width: 310, height: 155, piece: 50 } as const;

const rnd = (min: number, max: number) => randomInt(min, max + 1);

/** The puzzle shape inside its square: a body with a knob on the top and on the right. */
function inPiece(px: number, py: number): boolean {
  const s = SLIDE.piece;
  const r = 7;
  const body = px >= 2 && px <= s - 10 && py >= 10 && py <= s - 2;
  const top = (px - (s - 8) / 2) ** 2 + (py - 10) ** 2 <= r * r;
  const right = (px - (s - 10)) ** 2 + (py - (s + 8) / 2) ** 2 <= r * r;
  return body || top || right;
}

function isEdge(px: number, py: number): boolean {
  return (
    inPiece(px, py) &&
    (!inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1))
  );
}

function paintBackground(img: Raster): void {
  const c1 = [rnd(40, 200), rnd(40, 200), rnd(40, 200)];
  const c2 = [rnd(40, 200), rnd(40, 200), rnd(40, 200)];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const t = (x + y) / (img.width + img.height);
      const n = rnd(-12, 12);
      img.set(
        x,
        y,
        Math.round(c1[0]! * (1 - t) + c2[0]! * t) + n,
        Math.round(c1[1]! * (1 - t) + c2[1]! * t) + n,
        Math.round(c1[2]! * (1 - t) + c2[2]! * t) + n,
      );
    }
  }
  for (let i = 0; i < 14; i++) {
    const cx = rnd(0, img.width);
    const cy = rnd(0, img.height);
    const r = rnd(8, 40);
    const col = [rnd(0, 255), rnd(0, 255), rnd(0, 255)] as const;
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) {
          img.blend(x, y, col[0], col[1], col[2], 0.35);
        }
      }
    }
  }
}

/** A slide puzzle: the background with a hole at (x, y) and the matching piece. */
export function drawSlide(): { x: number; y: number; background: Raster; piece: Raster } {
  const { width, height, piece: size } = SLIDE;
  const background = new Raster(width, height);
  paintBackground(background);
  const x = rnd(size + 20, width - size - 10);
  const y = rnd(10, height - size - 10);
  const piece = new Raster(size, size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      if (!inPiece(px, py)) {
        continue;
      }
      const [r, g, b] = background.get(x + px, y + py);
      piece.set(px, py, r, g, b, 255);
      if (isEdge(px, py)) {
        piece.blend(px, py, 255, 255, 255, 0.8);
        background.blend(x + px, y + py, 255, 255, 255, 0.7);
      } else {
        background.blend(x + px, y + py, 0, 0, 0, 0.55);
      }
    }
  }
  return { x, y, background, piece };
}

/** 5×7 glyphs of the digits, one row a string. */
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

function line(img: Raster, x0: number, y0: number, x1: number, y1: number, col: readonly number[]) {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  for (let i = 0; i <= steps; i++) {
    const t = steps === 0 ? 0 : i / steps;
    img.set(Math.round(x0 + (x1 - x0) * t), Math.round(y0 + (y1 - y0) * t), col[0]!, col[1]!, col[2]!);
  }
}

/** A noisy image of the given digits, drawn with sheared, jittered, scaled glyphs. */
export function drawDigits(code: string): Raster {
  const img = new Raster(120, 40);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const n = rnd(225, 250);
      img.set(x, y, n, n, n);
    }
  }
  [...code].forEach((ch, i) => {
    const rows = GLYPHS[ch] ?? [];
    const scale = 4;
    const ox = 8 + i * 27 + rnd(-2, 2);
    const oy = 4 + rnd(-2, 3);
    const shear = rnd(-3, 3) / 10;
    const col = [rnd(0, 120), rnd(0, 120), rnd(0, 120)] as const;
    rows.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') {
          return;
        }
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const yy = oy + gy * scale + dy;
            img.set(Math.round(ox + gx * scale + dx + (yy - 20) * shear), yy, col[0], col[1], col[2]);
          }
        }
      });
    });
  });
  for (let i = 0; i < 6; i++) {
    line(img, rnd(0, 119), rnd(0, 39), rnd(0, 119), rnd(0, 39), [rnd(60, 200), rnd(60, 200), rnd(60, 200)]);
  }
  for (let i = 0; i < 120; i++) {
    const c = rnd(80, 200);
    img.set(rnd(0, 119), rnd(0, 39), c, c, c);
  }
  return img;
}
