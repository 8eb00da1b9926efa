import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { TopMenuGrantDialog } from './topmenu-grant';
import { topmenuPage } from './topmenu.crud';

export default function TopMenuPage() {
  const { t } = useTranslation();
  const grant = useRowDialog<RowOf<typeof topmenuPage.crud>>('topmenu_setting', t('topmenu.grant'), (row, close) => (
    <TopMenuGrantDialog topMenu={row} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={topmenuPage} rowActions={grant.action} />
      {grant.dialog}
    </>
  );
}
