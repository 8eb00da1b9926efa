import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { rolePage } from './role.crud';
import { RoleGrantDialog } from './role-grant';

export default function RolePage() {
  const { t } = useTranslation();
  const grant = useRowDialog<RowOf<typeof rolePage.crud>>('role_grant', t('role.grant'), (row, close) => <RoleGrantDialog role={row} onClose={close} />);
  return (
    <>
      <CrudPage def={rolePage} rowActions={grant.action} />
      {grant.dialog}
    </>
  );
}
