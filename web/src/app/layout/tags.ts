import type { MenuNode } from '@zoo/contract';
import type { TFunction } from 'i18next';
import type { Tag } from '../../lib/session';
import { website } from '../../lib/website';
import { menuName } from '../router/menu-name';
import { findMenu } from '../router/menu-paths';

const FIRST_PAGE = website.firstPage.value;

/** Tab-bar rules as plain functions (spec §4 "Tabs"), so they are testable without a DOM. */
export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const i = tags.findIndex((x) => x.value === tag.value);
  if (i < 0) return [...tags, tag];
  const current = tags[i];
  if (JSON.stringify(current) === JSON.stringify(tag)) return tags as Tag[];
  return tags.map((x, j) => (j === i ? tag : x));
}

/** With one tab it is not closable; the first-page tab is not closable while isFirstPage is off. */
export const isClosable = (tags: readonly Tag[], tag: Tag, isFirstPage: boolean = website.isFirstPage): boolean =>
  tags.length > 1 && (isFirstPage || tag.value !== FIRST_PAGE);

/** Removes a tab; when it was the active one, the previous tab (or the first) becomes active. */
export function closeTag(tags: readonly Tag[], value: string, active: string): { tags: Tag[]; next?: Tag } {
  const i = tags.findIndex((x) => x.value === value);
  if (i < 0) return { tags: [...tags] };
  const rest = tags.filter((_, j) => j !== i);
  if (value !== active) return { tags: rest };
  return { tags: rest, next: rest[i - 1] ?? rest[0] };
}

/** 关闭其他: the first page (when it may not close) and the active tab stay. */
export const closeOtherTags = (tags: readonly Tag[], active: string, isFirstPage: boolean = website.isFirstPage): Tag[] =>
  tags.filter((x) => x.value === active || (!isFirstPage && x.value === FIRST_PAGE));

/** 关闭全部: only the first page remains, and it becomes active. */
export function closeAllTags(tags: readonly Tag[]): { tags: Tag[]; next: Tag } {
  const first = tags.find((x) => x.value === FIRST_PAGE) ?? { label: website.firstPage.label, value: FIRST_PAGE, meta: { label: website.firstPage.label } };
  return { tags: [first], next: first };
}

export const tagHref = (tag: Tag): string => `${tag.value}${tag.query ?? ''}`;

/**
 * The name a tab shows: the server menu name when the path is a menu item (so a page opened by URL
 * right after login never shows its path), else the route's label/title, else what was stored.
 */
export function tagLabel(tag: Tag, menu: readonly MenuNode[], t: TFunction): string {
  const entry = findMenu(menu, tag.value);
  if (entry) return menuName(entry.node);
  if (tag.meta?.title) return tag.meta.title;
  if (tag.meta?.label) return t(tag.meta.label);
  return tag.label;
}
