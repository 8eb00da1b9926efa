import { theme, type ThemeConfig } from 'antd';
import type { ShellTheme } from '../layout/themes';
import { contrast, darkenTo, lightenTo, luminance, solid } from './contrast';

/** WCAG 2.2 SC 1.4.3 (Contrast, minimum): text under 18 pt needs 4.5 : 1 against what is behind it. */
export const TEXT_RATIO = 4.5;

/** The darkest background text is drawn on (the page's grey). */
const SURFACE = '#f0f2f5';

const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/**
 * antd's tokens with every text colour readable (decision 0048). antd's defaults draw placeholders and disabled
 * text at 25 % black (1.6 : 1), secondary text at 45 % (2.8 : 1 on a table header), links and primary buttons in
 * the primary colour (#409EFF: 3 : 1), tags in the 7th shade of their colour on the 1st (green 3.3 : 1): each is
 * moved the least that reaches 4.5 : 1, hue kept, so the screens look the same, only firmer.
 */
export function accessibleTheme(primary: string, motion: boolean): ThemeConfig {
  // Text colours are read on white and on the light greys antd puts behind them (a hovered row #fafafa, card tabs
  // #f5f5f5, the page #f0f2f5): they are measured against the darkest of those.
  const onSurface = darkenTo(solid(primary), SURFACE, TEXT_RATIO);
  // It is also read on its own light tint (a selected or today's calendar cell, an active menu item): darkened
  // further where that tint is darker than the page.
  // antd derives the tint from the primary itself, so the pair is settled in a few rounds.
  let colorPrimary = onSurface;
  for (let round = 0; round < 3; round++) {
    const tint = solid(String(theme.getDesignToken({ token: { colorPrimary } }).controlItemBgActive));
    colorPrimary = darkenTo(colorPrimary, tint, TEXT_RATIO);
  }
  // antd lightens a hovered or focused primary button; here it deepens instead, so white on it stays readable.
  const colorPrimaryHover = darkenTo(colorPrimary, SURFACE, TEXT_RATIO + 1);
  const colorPrimaryActive = darkenTo(colorPrimary, SURFACE, TEXT_RATIO + 2);
  const base = theme.getDesignToken({ token: { colorPrimary } });
  // Tag text sits on the tag's own light fill; the preset colours and the four states, each darkened on its fill.
  const tag: Record<string, string> = {};
  for (const k of PRESETS) {
    const key = (n: number) => `${k}${n}` as keyof typeof base;
    tag[`${k}7`] = darkenTo(solid(String(base[key(7)])), solid(String(base[key(1)])), TEXT_RATIO);
  }
  for (const s of ['Success', 'Info', 'Warning', 'Error'] as const)
    tag[`color${s}`] = darkenTo(solid(String(base[`color${s}`])), solid(String(base[`color${s}Bg`])), TEXT_RATIO);
  // Disabled controls sit on #f5f5f5; WCAG exempts them, but a read-only form (查看) shows its values there.
  const disabled = darkenTo(solid(base.colorTextDisabled), solid(base.colorBgContainerDisabled), TEXT_RATIO);
  // Secondary text is read on the table header and the page background too (#fafafa, #f0f2f5).
  const secondary = darkenTo(solid(base.colorTextTertiary), SURFACE, TEXT_RATIO);
  return {
    token: {
      colorPrimary,
      colorPrimaryHover,
      colorPrimaryActive,
      colorLink: colorPrimary,
      colorLinkHover: colorPrimaryHover,
      colorLinkActive: colorPrimaryActive,
      colorError: darkenTo(solid(base.colorError), SURFACE, TEXT_RATIO),
      colorErrorHover: darkenTo(solid(base.colorError), SURFACE, TEXT_RATIO + 1),
      colorErrorActive: darkenTo(solid(base.colorError), SURFACE, TEXT_RATIO + 2),
      colorTextPlaceholder: secondary,
      colorTextQuaternary: secondary,
      colorTextTertiary: secondary,
      colorTextDescription: secondary,
      colorTextDisabled: disabled,
      motion,
    },
    components: { Tag: tag },
  };
}

/** `text` moved away from `bg` (lighter if it is the lighter one, else darker) until it reads at 4.5 : 1. */
function textOn(text: string, bg: string): string {
  const [t, b] = [solid(text, bg), solid(bg)];
  if (contrast(t, b) >= TEXT_RATIO) return text;
  return luminance(t) > luminance(b) ? lightenTo(t, b, TEXT_RATIO) : darkenTo(t, b, TEXT_RATIO);
}

/** A highlight behind `text` moved away from it until the text reads at 4.5 : 1; undefined when no shade of it can. */
function fillUnder(text: string, fill: string, under: string): string | undefined {
  const [t, f] = [solid(text, under), solid(fill, under)];
  if (contrast(t, f) >= TEXT_RATIO) return fill;
  const moved = luminance(t) > luminance(f) ? darkenTo(f, t, TEXT_RATIO) : lightenTo(f, t, TEXT_RATIO);
  return contrast(t, moved) >= TEXT_RATIO && moved !== '#000000' && moved !== '#ffffff' ? moved : undefined;
}

/**
 * The sidebar's colours made readable: menu text against the sidebar; the selected item keeps its text colour on
 * a deepened highlight where a shade of the highlight can carry it (white on #409EFF becomes white on a darker
 * blue), else its text is deepened instead (blue on pale blue).
 */
export function readableSider(sider: ShellTheme['sider']): ShellTheme['sider'] {
  const bg = solid(sider.background);
  const activeBg = fillUnder(sider.activeColor, sider.activeBg, bg);
  return {
    ...sider,
    color: textOn(sider.color, bg),
    activeBg: activeBg ?? sider.activeBg,
    activeColor: activeBg ? sider.activeColor : textOn(sider.activeColor, solid(sider.activeBg, bg)),
  };
}
