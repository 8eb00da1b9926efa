import { describe, expect, it } from 'vitest';
import { THEMES } from '../layout/themes';
import { contrast, darkenTo, solid } from './contrast';
import { accessibleTheme, readableSider, TEXT_RATIO } from './tokens';

describe('contrast tokens (WCAG 2.2 SC 1.4.3)', () => {
  it('measures as WCAG does: black on white 21, #767676 on white just over 4.5, #409EFF on white under 3', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrast('#409eff', '#ffffff')).toBeLessThan(3);
    expect(solid('rgba(0,0,0,0.25)')).toBe('#bfbfbf');
  });

  it('darkens the default primary colour just enough for white text on it and it as text on white', () => {
    const c = darkenTo('#409eff');
    expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(TEXT_RATIO);
    // The least step: one more point lighter would fail.
    expect(contrast(darkenTo('#409eff', '#ffffff', 4.3), '#ffffff')).toBeLessThan(TEXT_RATIO);
  });

  it('gives readable placeholders, secondary and disabled text, links, errors and tag colours for any chosen primary', () => {
    for (const primary of ['#409EFF', '#13c2c2', '#faad14', '#52c41a']) {
      const { token = {}, components = {} } = accessibleTheme(primary, true);
      expect(contrast(token.colorPrimary!, '#f0f2f5')).toBeGreaterThanOrEqual(TEXT_RATIO);
      expect(contrast(token.colorPrimaryHover!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_RATIO);
      for (const k of ['colorTextPlaceholder', 'colorTextTertiary', 'colorTextDescription', 'colorError'] as const)
        expect(contrast(token[k]!, '#fafafa'), k).toBeGreaterThanOrEqual(TEXT_RATIO - 0.2);
      expect(contrast(token.colorTextDisabled!, '#f5f5f5')).toBeGreaterThanOrEqual(TEXT_RATIO);
      const tag = components.Tag as Record<string, string>;
      expect(contrast(tag.green7, '#f6ffed')).toBeGreaterThanOrEqual(TEXT_RATIO);
      expect(contrast(tag.colorSuccess, '#f6ffed')).toBeGreaterThanOrEqual(TEXT_RATIO);
      expect(contrast(tag.gold7, '#fffbe6')).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
  });

  it('every shell theme: sidebar text on the sidebar and the selected item on its highlight read at 4.5 : 1', () => {
    for (const theme of THEMES) {
      const s = readableSider(theme.sider);
      const bg = solid(s.background);
      expect(contrast(solid(s.color, bg), bg), theme.name).toBeGreaterThanOrEqual(TEXT_RATIO);
      expect(contrast(solid(s.activeColor, bg), solid(s.activeBg, bg)), theme.name).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
    // The default theme keeps white text on a deeper blue.
    expect(readableSider(THEMES[0].sider).activeColor).toBe('#fff');
  });
});
