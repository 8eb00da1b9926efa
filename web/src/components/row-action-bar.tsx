import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { Fragment, isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One row operation: a button element (its label, click and danger are read from its props when it moves into 更多). */
export interface RowActionItem {
  key: string;
  node: ReactElement;
}

/** A row shows at most this many actions; past it, the first ones stay and the rest go under 更多 (decision 0048). */
export const ROW_CONTROLS = 3;

type ButtonLike = { onClick?: () => void; children?: ReactNode; danger?: boolean; disabled?: boolean };

/** The elements of a rowActions slot, fragments and arrays unwrapped, nulls dropped; keys are the page's own. */
export function flattenActions(node: ReactNode, prefix = 'extra'): RowActionItem[] {
  const out: RowActionItem[] = [];
  const walk = (n: ReactNode, path: string) => {
    if (Array.isArray(n)) n.forEach((c, i) => walk(c as ReactNode, `${path}.${i}`));
    else if (isValidElement(n)) {
      if (n.type === Fragment) walk((n.props as { children?: ReactNode }).children, path);
      else out.push({ key: n.key ?? path, node: n });
    }
  };
  walk(node, prefix);
  return out;
}

/** `order` first (in its order), then the others as they came; keys not present are ignored. */
export function orderActions(items: RowActionItem[], order: readonly string[] = []): RowActionItem[] {
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  return items
    .map((x, i) => ({ x, i }))
    .sort((a, b) => rank(a.x.key) - rank(b.x.key) || a.i - b.i)
    .map(({ x }) => x);
}

/** Which items stay in the row and which go under 更多 (a menu entry must be a plain button to become one). */
export function splitActions(items: RowActionItem[], max = ROW_CONTROLS): { shown: RowActionItem[]; more: RowActionItem[] } {
  if (items.length <= max) return { shown: items, more: [] };
  const movable = (x: RowActionItem) => typeof (x.node.props as ButtonLike).onClick === 'function';
  const shown: RowActionItem[] = [];
  const more: RowActionItem[] = [];
  for (const x of items) (shown.length < max || !movable(x) ? shown : more).push(x);
  return { shown, more };
}

/**
 * A row's operations in one line: up to three actions, the less frequent ones in a 更多 menu, which antd's
 * Dropdown makes a menu button (aria-haspopup, arrow keys inside, Esc closes and focus returns to 更多).
 */
export function RowActionBar({ items, max = ROW_CONTROLS }: { items: RowActionItem[]; max?: number }) {
  const { t } = useTranslation();
  const { shown, more } = splitActions(items, max);
  const menu: MenuProps = {
    items: more.map(({ key, node }) => {
      const p = node.props as ButtonLike;
      return { key, label: p.children, danger: p.danger, disabled: p.disabled };
    }),
    onClick: ({ key, domEvent }) => {
      // The row may react to clicks (master/detail screens pick it): a menu choice is not a row choice.
      domEvent.stopPropagation();
      (more.find((x) => x.key === key)?.node.props as ButtonLike | undefined)?.onClick?.();
    },
  };
  return (
    <div style={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', whiteSpace: 'nowrap' }} data-testid="row-actions">
      {shown.map((x) => (
        <Fragment key={x.key}>{x.node}</Fragment>
      ))}
      {more.length ? <MoreMenu menu={menu} label={t('crud.more')} /> : null}
    </div>
  );
}

/**
 * 更多 as a plain button until it is first used; then antd's Dropdown, opened. A list of ten rows carried ten
 * Dropdowns (trigger, popup machinery, styles) that most rows never open: a good part of a list screen's first
 * render, which a switch between two list screens waits for (decision 0048).
 */
function MoreMenu({ menu, label }: { menu: MenuProps; label: string }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="link"
      size="small"
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={(e) => {
        e.stopPropagation();
        if (!armed) {
          setArmed(true);
          setOpen(true);
        }
      }}
    >
      {label} <DownOutlined />
    </Button>
  );
  if (!armed) return button;
  return (
    <Dropdown menu={menu} trigger={['click']} open={open} onOpenChange={setOpen}>
      {button}
    </Dropdown>
  );
}
