import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CrudPage, crudKeys, useCan, useRowDialog, type RowOf } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { tenantPage } from './tenant.crud';
import { exportTenant, TenantImportButton, usePlatformAdministrator } from './tenant-archive';
import {
  PackageTableDialog,
  TenantCopiedDialog,
  TenantCopyDialog,
  TenantDatasourceDialog,
  TenantPackageSettingDialog,
  TenantSettingDialog,
  type CopiedTenant,
} from './tenant-dialogs';

type Tenant = RowOf<typeof tenantPage.crud>;

export default function TenantPage() {
  const { t } = useTranslation();
  const can = useCan();
  const platformAdmin = usePlatformAdministrator();
  const [setting, setSetting] = useState<Tenant[] | null>(null);
  const [packages, setPackages] = useState(false);
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: crudKeys.lists(tenantPage.crud.name) });
  const datasource = useRowDialog<Tenant>('tenant_datasource', t('tenant.datasource'), (row, close) => (
    <TenantDatasourceDialog row={row} onClose={close} onSaved={refresh} />
  ));
  const pkg = useRowDialog<Tenant>('tenant_package_setting', t('tenant.package'), (row, close) => (
    <TenantPackageSettingDialog row={row} onClose={close} onSaved={refresh} />
  ));
  const [copied, setCopied] = useState<CopiedTenant | null>(null);
  // The platform's own tenant holds no zoo setup to copy (the server refuses it too).
  const copy = useRowDialog<Tenant>('tenant_copy', t('tenant.copy'), (row, close) => (
    <TenantCopyDialog
      row={row}
      onClose={close}
      onCopied={(c) => {
        refresh();
        setCopied(c);
      }}
    />
  ));
  return (
    <>
      <CrudPage
        def={tenantPage}
        toolbar={(ctx) => (
          <>
            {ctx.can('tenant_setting') ? (
              <Button
                onClick={() => {
                  if (!ctx.selected.length) return toast.warning(t('crud.selectOne'));
                  setSetting(ctx.selected);
                }}
              >
                {t('tenant.setting')}
              </Button>
            ) : null}
            {can('tenant_package_setting') ? <Button onClick={() => setPackages(true)}>{t('tenant.packages')}</Button> : null}
            {platformAdmin ? <TenantImportButton onDone={refresh} /> : null}
          </>
        )}
        rowActions={(row, ctx) => (
          <>
            {datasource.action(row, ctx)}
            {pkg.action(row, ctx)}
            {row.tenantId === '000000' ? null : copy.action(row, ctx)}
            {platformAdmin && row.tenantId !== '000000' ? (
              <Button type="link" size="small" onClick={() => exportTenant(row.tenantId)}>
                {t('tenant.exportData')}
              </Button>
            ) : null}
          </>
        )}
      />
      {setting ? <TenantSettingDialog rows={setting} onClose={() => setSetting(null)} onSaved={refresh} /> : null}
      {datasource.dialog}
      {pkg.dialog}
      {copy.dialog}
      {copied ? <TenantCopiedDialog copy={copied} onClose={() => setCopied(null)} /> : null}
      {packages ? <PackageTableDialog onClose={() => setPackages(false)} /> : null}
    </>
  );
}
