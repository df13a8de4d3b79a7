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

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** CIELAB under D65, the white sRGB is defined with: the space CIEDE2000 measures in. */
export function toLab(colour: Oklch): Lab {
  const [r, g, b] = oklchToLinearRgb(colour).map(clamp) as Rgb;
  const white = [0.95047, 1, 1.08883];
  const xyz = [
    0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
    0.2126729 * r + 0.7151522 * g + 0.072175 * b,
    0.0193339 * r + 0.119192 * g + 0.9503041 * b,
  ].map((v, i) => v / white[i]!);
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const [fx, fy, fz] = xyz.map(f) as Rgb;
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005): about 1 is just noticeable, 10 clearly distinct. */
export function deltaE2000(first: Lab, second: Lab): number {
  const c1 = Math.hypot(first.a, first.b);
  const c2 = Math.hypot(second.a, second.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1 = (1 + g) * first.a;
  const a2 = (1 + g) * second.a;
  const cp1 = Math.hypot(a1, first.b);
  const cp2 = Math.hypot(a2, second.b);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (degrees(Math.atan2(b, a)) + 360) % 360);
  const h1 = hue(first.b, a1);
  const h2 = hue(second.b, a2);

  const dL = second.l - first.l;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(radians(dh / 2));

  const lMean = (first.l + second.l) / 2;
  const cMean = (cp1 + cp2) / 2;
  let hMean = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean /= 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(radians(hMean - 30)) +
    0.24 * Math.cos(radians(2 * hMean)) +
    0.32 * Math.cos(radians(3 * hMean + 6)) -
    0.2 * Math.cos(radians(4 * hMean - 63));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cMean;
  const sH = 1 + 0.015 * cMean * t;
  const cMean7p = cMean ** 7;
  const rT = -2 * Math.sqrt(cMean7p / (cMean7p + 25 ** 7)) * Math.sin(radians(60 * Math.exp(-(((hMean - 275) / 25) ** 2))));
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}
