/** OKLCH to sRGB (CSS Color 4's matrices) and WCAG 2 contrast, so theme tests see what browsers paint. */

export interface Oklch {
  l: number;
  c: number;
  h: number;
}

export type Rgb = [number, number, number];

/** Linear-light sRGB channels; values outside 0..1 mean the colour is out of gamut. */
export function oklchToLinearRgb({ l, c, h }: Oklch): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

export function inGamut(colour: Oklch, tolerance = 1e-4): boolean {
  return oklchToLinearRgb(colour).every((v) => v >= -tolerance && v <= 1 + tolerance);
}

/** The largest chroma at this lightness and hue that sRGB can show. */
export function maxChroma(l: number, h: number): number {
  let low = 0;
  let high = 0.4;
  for (let i = 0; i < 30; i += 1) {
    const mid = (low + high) / 2;
    if (inGamut({ l, c: mid, h }, 0)) low = mid;
    else high = mid;
  }
  return low;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** WCAG relative luminance: Y of the linear-light channels. */
export function relativeLuminance(colour: Oklch): number {
  const [r, g, b] = oklchToLinearRgb(colour).map(clamp) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Oklch, b: Oklch): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function toHex(colour: Oklch): string {
  const encode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  return `#${oklchToLinearRgb(colour)
    .map((v) =>
      Math.round(clamp(encode(clamp(v))) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
