import { describe, expect, it } from 'vitest';
import { contrastRatio, inGamut, toHex } from './colour.ts';

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
});
