/** One shell colour scheme: header and sidebar (spec §2, 11 themes). */
export interface ShellTheme {
  name: string;
  header: { background: string; color: string };
  sider: { background: string; color: string; activeBg: string; activeColor: string; logoBg: string };
}

const t = (name: string, header: ShellTheme['header'], sider: ShellTheme['sider']): ShellTheme => ({ name, header, sider });

export const THEMES: readonly ShellTheme[] = [
  t(
    'theme-default',
    { background: '#ffffff', color: '#303133' },
    { background: '#20222a', color: 'rgba(255,255,255,.75)', activeBg: '#409EFF', activeColor: '#fff', logoBg: '#20222a' },
  ),
  t(
    'theme-white',
    { background: '#ffffff', color: '#303133' },
    { background: '#ffffff', color: '#303133', activeBg: '#e6f1fe', activeColor: '#409EFF', logoBg: '#ffffff' },
  ),
  t(
    'theme-dark',
    { background: '#191a23', color: '#e5e5e5' },
    { background: '#191a23', color: 'rgba(255,255,255,.7)', activeBg: '#000000', activeColor: '#fff', logoBg: '#101117' },
  ),
  t(
    'theme-star',
    { background: 'linear-gradient(90deg, #1b1447 0%, #3b2b8f 100%)', color: '#ffffff' },
    { background: '#140f36', color: '#c9c3f5', activeBg: '#5b45d6', activeColor: '#fff', logoBg: '#0c0826' },
  ),
  t(
    'theme-bule',
    { background: '#409EFF', color: '#ffffff' },
    { background: '#1d5fae', color: 'rgba(255,255,255,.85)', activeBg: '#409EFF', activeColor: '#fff', logoBg: '#174d8f' },
  ),
  t(
    'theme-iview',
    { background: '#ffffff', color: '#515a6e' },
    { background: '#515a6e', color: 'rgba(255,255,255,.8)', activeBg: '#2d8cf0', activeColor: '#fff', logoBg: '#495060' },
  ),
  t(
    'theme-vip',
    { background: '#1f1f1f', color: '#f0c78a' },
    { background: '#2b2b2b', color: '#f0c78a', activeBg: '#c8a063', activeColor: '#1f1f1f', logoBg: '#1f1f1f' },
  ),
  t(
    'theme-cool',
    { background: 'linear-gradient(120deg, #0e7c86 0%, #37b8af 100%)', color: '#ffffff' },
    { background: '#0f3a40', color: '#bfe9e6', activeBg: '#17a2a0', activeColor: '#fff', logoBg: '#0a2c31' },
  ),
  t(
    'theme-d2',
    { background: '#ebf1f6', color: '#2f3640' },
    { background: '#ebf1f6', color: '#2f3640', activeBg: '#d5e3f0', activeColor: '#2f74ff', logoBg: '#dfe8f0' },
  ),
  t(
    'theme-hey',
    { background: '#ff7a45', color: '#ffffff' },
    { background: '#fff7f0', color: '#5c3b28', activeBg: '#ffd8bf', activeColor: '#d4380d', logoBg: '#ff9c6e' },
  ),
  t(
    'theme-lite',
    { background: '#fafafa', color: '#555555' },
    { background: '#f4f4f5', color: '#555555', activeBg: '#ffffff', activeColor: '#409EFF', logoBg: '#eaeaec' },
  ),
];

export const THEME_NAMES = THEMES.map((x) => x.name);

/** The theme by name; unknown names (an old stored value) fall back to the default. */
export const themeOf = (name: string): ShellTheme => THEMES.find((x) => x.name === name) ?? THEMES[0];

/** Light sidebars need the light antd menu (dark text); judged from the background's luminance. */
export function isLightBackground(colour: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}
