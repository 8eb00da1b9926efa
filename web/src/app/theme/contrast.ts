/** WCAG 2.2 contrast (success criterion 1.4.3): relative luminance of an sRGB colour and the ratio of two. */

const channels = (hex: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)) as [number, number, number];
};

/**
 * A `#rrggbb`, `#rgb` or `rgba(…)` colour as the opaque `#rrggbb` it shows over `under` (text drawn with
 * transparency is read as the mix the eye sees, as axe-core measures it).
 */
export function solid(colour: string, under = '#ffffff'): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgba = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(colour);
  if (!rgba)
    return `#${channels(colour)
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')}`;
  const a = rgba[4] === undefined ? 1 : Number(rgba[4]);
  const base = channels(solid(under));
  return hex([1, 2, 3].map((i, k) => Number(rgba[i]) * a + base[k] * (1 - a)));
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour, darkened (mixed with black, so the hue stays) just enough to reach `ratio` against `on`: the
 * user's primary colour stays recognisable while white text on it and it as text on white stay readable.
 */
export function darkenTo(colour: string, on = '#ffffff', ratio = 4.5): string {
  const rgb = channels(colour);
  for (let k = 0; k <= 100; k++) {
    const c = hex(rgb.map((v) => v * (1 - k / 100)));
    if (contrast(c, on) >= ratio) return c;
  }
  return '#000000';
}

/** The colour, lightened (mixed with white) just enough to reach `ratio` against a dark `on`. */
export function lightenTo(colour: string, on: string, ratio = 4.5): string {
  const rgb = channels(colour);
  for (let k = 0; k <= 100; k++) {
    const c = hex(rgb.map((v) => v + (255 - v) * (k / 100)));
    if (contrast(c, on) >= ratio) return c;
  }
  return '#ffffff';
}
