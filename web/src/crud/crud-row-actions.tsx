import type { Permission } from '@zoo/contract';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from './can';
import { hasDetail, hasRemove } from './crud-queries';
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
 * 查看 / 编辑 / 删除 (and 新增子项 on tree screens) per the permission map and the calls the resource has, then the
 * page's own row actions.
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
  return (
    <Space size={0} wrap>
      {child && submits && may(perms.add) ? (
        <Button type="link" size="small" onClick={() => onOpen('add', child as AnyRow)}>
          {t('crud.addChild')}
        </Button>
      ) : null}
      {may(perms.view) && !def.noView && hasDetail(def) ? (
        <Button type="link" size="small" onClick={() => onOpen('view', row)}>
          {t('crud.view')}
        </Button>
      ) : null}
      {writable && submits && may(perms.edit) ? (
        <Button type="link" size="small" onClick={() => onOpen('edit', row)}>
          {t('crud.edit')}
        </Button>
      ) : null}
      {writable && hasRemove(def) && may(perms.delete) ? (
        <Button type="link" size="small" danger onClick={() => onRemove(row)}>
          {t('crud.delete')}
        </Button>
      ) : null}
      {extra}
    </Space>
  );
}
