/** Saber's screen tiers (spec §2 Shell): ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export function screenTier(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** Sidebar width per tier; tier 0 shows the collapsed sidebar only. */
export const SIDER_WIDTH: Record<0 | 1 | 2 | 3, number> = { 3: 230, 2: 210, 1: 190, 0: 190 };

/** On small screens (tier 1 or 0) choosing a menu item collapses the sidebar. */
export const collapsesAfterChoice = (tier: number): boolean => tier <= 1;
