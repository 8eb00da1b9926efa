import type { Permission } from '@zoo/contract';
import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, useCan, useRowDialog, type CrudPageDef, type CrudResource } from '../../../crud';
import { scopeMenusPage, type ScopeMenu } from './scope-menus.crud';

interface Props<C extends CrudResource> {
  /** The scope table of one menu. */
  scopes: (menu: ScopeMenu) => CrudPageDef<C>;
  /** Button code of the 权限配置 row operation. */
  settingCode: Permission;
  /** i18n key of the drawer title (gets `name`). */
  titleKey: string;
}

/**
 * Data-scope and API-scope screens (contract §5.11): the menus on the left; a click on a menu (or its 权限配置)
 * opens that menu's scope table.
 */
export function ScopePage<C extends CrudResource>({ scopes, settingCode, titleKey }: Props<C>) {
  const { t } = useTranslation();
  const may = useCan(settingCode);
  const setting = useRowDialog<ScopeMenu>(settingCode, t('scope.setting'), (menu, close) => (
    <ScopeDrawer menu={menu} scopes={scopes} title={t(titleKey, { name: menu.name })} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={scopeMenusPage} rowActions={setting.action} onRowClick={may ? setting.open : undefined} />
      {setting.dialog}
    </>
  );
}

function ScopeDrawer<C extends CrudResource>(props: { menu: ScopeMenu; scopes: Props<C>['scopes']; title: string; onClose: () => void }) {
  const { menu, scopes } = props;
  // One def per menu: its list call and new rows carry the menu id.
  const def = useMemo(() => scopes(menu), [scopes, menu]);
  return (
    <Drawer open size={1100} title={props.title} onClose={props.onClose} styles={{ body: { padding: 0 } }}>
      <CrudPage key={menu.id} def={def} />
    </Drawer>
  );
}
