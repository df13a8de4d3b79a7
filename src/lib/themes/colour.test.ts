import { describe, expect, it } from 'vitest';
import { contrastRatio, deltaE2000, inGamut, toHex, toLab } from './colour.ts';

describe('colour maths', () => {
  it('converts OKLCH to the sRGB a browser paints', () => {
    expect(toHex({ l: 1, c: 0, h: 0 })).toBe('#ffffff');
    expect(toHex({ l: 0, c: 0, h: 0 })).toBe('#000000');
    // CSS Color 4 example: oklch(62.8% 0.2577 29.23) is sRGB red.
    expect(toHex({ l: 0.628, c: 0.2577, h: 29.23 })).toBe('#ff0000');
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio({ l: 1, c: 0, h: 0 }, { l: 0, c: 0, h: 0 })).toBeCloseTo(21, 1);
    expect(contrastRatio({ l: 0.5, c: 0, h: 0 }, { l: 0.5, c: 0, h: 0 })).toBe(1);
  });

  it('knows what sRGB cannot show', () => {
    expect(inGamut({ l: 0.7, c: 0.4, h: 150 })).toBe(false);
    expect(inGamut({ l: 0.7, c: 0.05, h: 150 })).toBe(true);
  });

  it('measures CIEDE2000 as the test data of Sharma, Wu and Dalal (2005) does', () => {
    const cases: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [[l1, a1, b1], [l2, a2, b2], expected] of cases) {
      expect(deltaE2000({ l: l1, a: a1, b: b1 }, { l: l2, a: a2, b: b2 })).toBeCloseTo(expected, 4);
      expect(deltaE2000({ l: l2, a: a2, b: b2 }, { l: l1, a: a1, b: b1 })).toBeCloseTo(expected, 4);
    }
  });

  it('takes sRGB colours to CIELAB under D65', () => {
    const white = toLab({ l: 1, c: 0, h: 0 });
    expect(white.l).toBeCloseTo(100, 2);
    expect(Math.hypot(white.a, white.b)).toBeLessThan(0.01);
    // sRGB red is L 53.24, a 80.09, b 67.20 under D65.
    const red = toLab({ l: 0.628, c: 0.2577, h: 29.23 });
    expect([red.l, red.a, red.b].map((v) => Math.round(v))).toEqual([53, 80, 67]);
  });
});
