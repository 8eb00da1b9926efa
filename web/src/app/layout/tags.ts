import type { Tag } from '../../lib/session';
import { HOME_PATH } from '../router/route-meta';

/** Tab-bar rules as plain functions (spec §4 "Tabs"), so they are testable without a DOM. */
export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const i = tags.findIndex((x) => x.value === tag.value);
  if (i < 0) return [...tags, tag];
  const current = tags[i];
  if (JSON.stringify(current) === JSON.stringify(tag)) return tags as Tag[];
  return tags.map((x, j) => (j === i ? tag : x));
}

/** The home tab always stays (isFirstPage off); otherwise a tab closes unless it is the last one. */
export const isClosable = (tags: readonly Tag[], tag: Tag): boolean =>
  tags.length > 1 && tag.value !== HOME_PATH;

/** Removes a tab; when it was the active one, the previous tab (or the first) becomes active. */
export function closeTag(tags: readonly Tag[], value: string, active: string): { tags: Tag[]; next?: Tag } {
  const i = tags.findIndex((x) => x.value === value);
  if (i < 0) return { tags: [...tags] };
  const rest = tags.filter((_, j) => j !== i);
  if (value !== active) return { tags: rest };
  return { tags: rest, next: rest[i - 1] ?? rest[0] };
}

export const tagHref = (tag: Tag): string => `${tag.value}${tag.query ?? ''}`;
