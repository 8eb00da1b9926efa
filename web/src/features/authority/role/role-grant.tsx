import { menuEndpoints, roleEndpoints } from '@zoo/contract';
import { useTranslation } from 'react-i18next';
import { GrantDialog, type GrantSection } from '../../../components/grant-dialog';
import { call } from '../../../lib/request';

interface Props {
  role: { id: string; roleName: string };
  onClose: () => void;
}

/**
 * Role grant (contract §5.4): what the current user may grant from menu/grant-tree, what the role holds from
 * menu/role-tree-keys, saved in one role/grant call. Scopes hang under their menus; only the scopes are sent.
 */
export function RoleGrantDialog({ role, onClose }: Props) {
  const { t } = useTranslation();
  const load = async (): Promise<GrantSection[]> => {
    const [tree, keys] = await Promise.all([call(menuEndpoints.grantTree), call(menuEndpoints.roleTreeKeys, { query: { roleIds: role.id } })]);
    return [
      { key: 'menu', label: t('role.menus'), tree: tree.menu, checked: keys.menu },
      { key: 'dataScope', label: t('role.dataScopes'), tree: tree.dataScope, checked: keys.dataScope, mode: 'leaves' },
      { key: 'apiScope', label: t('role.apiScopes'), tree: tree.apiScope, checked: keys.apiScope, mode: 'leaves' },
    ];
  };
  const save = (checked: Record<string, string[]>) =>
    call(roleEndpoints.grant, {
      body: { roleIds: [role.id], menuIds: checked.menu, dataScopeIds: checked.dataScope, apiScopeIds: checked.apiScope },
    });
  return <GrantDialog title={t('role.grantOf', { name: role.roleName })} queryKey={['role-grant', role.id]} load={load} onSave={save} onClose={onClose} />;
}
