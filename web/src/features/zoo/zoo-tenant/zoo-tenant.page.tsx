import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { AuthSpeciesDialog } from './auth-species';
import { zooTenantPage } from './zoo-tenant.crud';

/** 动物园授权: the zoos, each with its authorised species (button 授权物种, code zoo_tenant_authspecies). */
export default function ZooTenantPage() {
  const { t } = useTranslation();
  const auth = useRowDialog<RowOf<typeof zooTenantPage.crud>>('zoo_tenant_authspecies', t('zooTenant.authSpecies'), (row, close) => (
    <AuthSpeciesDialog zoo={row} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={zooTenantPage} rowActions={auth.action} />
      {auth.dialog}
    </>
  );
}
