import type { Permission } from '@zoo/contract';
import { Button } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from './can';
import { hasDetail, hasRemove } from './crud-queries';
import { flattenActions, orderActions, RowActionBar, type RowActionItem } from '../components/row-action-bar';
import type { AnyCrudPageDef, AnyRow } from './types';
import type { FormMode } from './use-crud-state';

interface Props {
  def: AnyCrudPageDef;
  row: AnyRow;
  onOpen: (mode: FormMode, row: AnyRow) => void;
  onRemove: (row: AnyRow) => void;
  extra?: ReactNode;
}

/**
 * 查看 / 编辑 / 删除 (and 新增子项 on tree screens) per the permission map and the calls the resource has, and the
 * page's own row actions, in the resource's order of use (`rowActionOrder`): three controls at most, the rest under 更多.
 */
export function CrudRowActions({ def, row, onOpen, onRemove, extra }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const { perms } = def.crud;
  // A resource's `<name>_add`… are derived strings; server/src/seed/menus.test.ts proves each is in the menu tree.
  const may = (code: string) => !def.readOnly && can(code as Permission);
  const child = def.addChild?.(row);
  const writable = def.rowWritable?.(row) ?? true;
  const submits = Boolean(def.crud.endpoints.submit);
  const items: RowActionItem[] = [];
  const push = (key: string, node: ReactElement) => items.push({ key, node });
  if (child && submits && may(perms.add))
    push(
      'addChild',
      <Button type="link" size="small" onClick={() => onOpen('add', child)}>
        {t('crud.addChild')}
      </Button>,
    );
  if (may(perms.view) && !def.noView && hasDetail(def))
    push(
      'view',
      <Button type="link" size="small" onClick={() => onOpen('view', row)}>
        {t('crud.view')}
      </Button>,
    );
  if (writable && submits && may(perms.edit))
    push(
      'edit',
      <Button type="link" size="small" onClick={() => onOpen('edit', row)}>
        {t('crud.edit')}
      </Button>,
    );
  items.push(...flattenActions(extra));
  // 删除 is the rarest and the one not to hit by mistake: last, so it is the first to go under 更多.
  if (writable && hasRemove(def) && may(perms.delete))
    push(
      'delete',
      <Button type="link" size="small" danger onClick={() => onRemove(row)}>
        {t('crud.delete')}
      </Button>,
    );
  return <RowActionBar items={orderActions(items, def.rowActionOrder)} />;
}
