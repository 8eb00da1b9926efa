/**
 * Whether the action column stays pinned right. Below 992 px (a tablet upright) an action column wider than a third
 * of the screen, pinned, covers the data columns (the animal list's 580 px of actions on an 820 px screen left none):
 * there it scrolls with the row instead.
 */
export const pinsActions = (windowWidth: number, actionWidth: number): boolean => windowWidth >= 992 || actionWidth <= windowWidth / 3;
