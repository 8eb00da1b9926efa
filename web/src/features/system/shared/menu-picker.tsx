import { menuEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { GrantTree } from '../../../components/grant-tree';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/** The package's menus: a checkable menu tree from menu/grant-tree (contract §5.3), value = checked ids. */
export function MenuPicker({ value, onChange, disabled }: ControlProps) {
  const tree = useQuery({ queryKey: ['crud-tree', 'grant-menu'], queryFn: () => call(menuEndpoints.grantTree), staleTime: 60_000 });
  const keys = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Spin spinning={tree.isLoading}>
      <div style={disabled ? { pointerEvents: 'none', opacity: 0.8 } : undefined}>
        {/* Mounted with its data, so the roots start expanded. */}
        {tree.data ? <GrantTree aria-label="menuId" treeData={tree.data.menu} value={keys} onChange={(k) => onChange?.(k)} /> : null}
      </div>
    </Spin>
  );
}
