import { menuEndpoints, topmenuEndpoints } from '@zoo/contract';
import { useTranslation } from 'react-i18next';
import { GrantDialog, type GrantSection } from '../../../components/grant-dialog';
import { call } from '../../../lib/request';

interface Props {
  topMenu: { id: string; name: string };
  onClose: () => void;
}

/** 菜单配置 (contract §5.8): menus from grant-top-tree, bound ones from top-tree-keys, saved by topmenu/grant. */
export function TopMenuGrantDialog({ topMenu, onClose }: Props) {
  const { t } = useTranslation();
  const load = async (): Promise<GrantSection[]> => {
    const [tree, keys] = await Promise.all([call(menuEndpoints.grantTopTree), call(menuEndpoints.topTreeKeys, { query: { topMenuIds: topMenu.id } })]);
    return [{ key: 'menu', label: t('topmenu.menus'), tree: tree.menu, checked: keys.menu }];
  };
  return (
    <GrantDialog
      title={t('topmenu.grantOf', { name: topMenu.name })}
      queryKey={['topmenu-grant', topMenu.id]}
      load={load}
      onSave={(checked) => call(topmenuEndpoints.grant, { body: { topMenuIds: [topMenu.id], menuIds: checked.menu } })}
      onClose={onClose}
    />
  );
}
