import type { Permission } from '@zoo/contract';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from './can';
import { hasRemove } from './crud-queries';
import type { AnyCrudPageDef } from './types';

interface Props {
  def: AnyCrudPageDef;
  onAdd: () => void;
  onBatchDelete: () => void;
  onRefresh: () => void;
  /** Page-specific buttons after the standard ones. */
  extra?: ReactNode;
  /** Replaces the 新增 button's rule and action (records that enter through other forms). */
  add?: CrudAdd;
}

/** A page's own 新增: shown when `show`, opening what the page chooses instead of the resource's form. */
export interface CrudAdd {
  show: boolean;
  onAdd: () => void;
}

/** 新增 / 删除 per the permission map and the calls the resource has, then the page's own buttons; refresh on the right. */
export function CrudToolbar({ def, onAdd, onBatchDelete, onRefresh, extra, add }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const { perms } = def.crud;
  // A resource's `<name>_add`… are derived strings; server/src/seed/menus.test.ts proves each is in the menu tree.
  const may = (code: string) => !def.readOnly && can(code as Permission);
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
      <Space wrap>
        {(add ? add.show && !def.readOnly : may(perms.add) && Boolean(def.crud.endpoints.submit)) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={add ? add.onAdd : onAdd}>
            {t('crud.add')}
          </Button>
        ) : null}
        {may(perms.delete) && hasRemove(def) ? (
          <Button danger icon={<DeleteOutlined />} onClick={onBatchDelete}>
            {t('crud.delete')}
          </Button>
        ) : null}
        {extra}
      </Space>
      <Tooltip title={t('crud.refresh')}>
        <Button shape="circle" aria-label={t('crud.refresh')} icon={<ReloadOutlined />} onClick={onRefresh} />
      </Tooltip>
    </div>
  );
}
