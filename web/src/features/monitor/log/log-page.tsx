import type { Permission } from '@zoo/contract';
import { CrudPage, useRowDialog, type CrudPageDef, type CrudResource } from '../../../crud';
import { useTranslation } from 'react-i18next';
import { LogDetail } from './log-detail';

/** One log screen: the read-only list plus 查看 (the detail with every field), when the view code is granted. */
export function LogPage({ def }: { def: CrudPageDef<CrudResource> }) {
  const { t } = useTranslation();
  const view = useRowDialog<Record<string, unknown>>(def.crud.perms.view as Permission, t('crud.view'), (row, close) => (
    <LogDetail def={def} id={String(row.id)} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={def} rowActions={view.action} />
      {view.dialog}
    </>
  );
}
