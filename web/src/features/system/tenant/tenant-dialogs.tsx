import { tenantEndpoints, zooTenantEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { CrudPage, DATE_TIME_FORMAT, type RowOf } from '../../../crud';
import { call } from '../../../lib/request';
import { tenantPackageDialogPage } from '../shared/tenantpackage.crud';
import type { tenantPage } from './tenant.crud';
import { PackageSelect } from './tenant-widgets';

type Tenant = RowOf<typeof tenantPage.crud>;

/** 授权配置: account quota (-1 = unlimited) and expiry of the selected tenants. */
export function TenantSettingDialog({ rows, onClose, onSaved }: { rows: Tenant[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const one = rows.length === 1 ? rows[0] : undefined;
  return (
    <FormDialog<{ accountNumber?: number; expireTime?: Dayjs | null }>
      name="tenant-setting"
      title={t('tenant.setting')}
      initialValues={{ accountNumber: one?.accountNumber, expireTime: one?.expireTime ? dayjs(one.expireTime) : undefined }}
      schema={tenantEndpoints.setting.query}
      toInput={(v) => ({
        ids: rows.map((r) => r.id).join(','),
        accountNumber: v.accountNumber ?? undefined,
        expireTime: v.expireTime ? v.expireTime.format(DATE_TIME_FORMAT) : '',
      })}
      onSave={async (q) => {
        await call(tenantEndpoints.setting, { query: q as never });
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="accountNumber" label={t('tenant.accountNumber')} required extra={t('tenant.accountNumberTip')}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('tenant.expireTime')}>
        <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

/** 数据源: binds a datasource id to the tenant (empty clears it). */
export function TenantDatasourceDialog({ row, onClose, onSaved }: { row: Tenant; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ datasourceId?: string }>
      name="tenant-datasource"
      title={t('tenant.datasourceOf', { name: row.tenantName })}
      initialValues={{ datasourceId: row.datasourceId }}
      schema={tenantEndpoints.datasource.query}
      toInput={(v) => ({ tenantId: row.tenantId, datasourceId: (v.datasourceId ?? '').trim() })}
      onSave={async (q) => {
        await call(tenantEndpoints.datasource, { query: q as never });
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="datasourceId" label={t('tenant.datasourceId')}>
        <Input allowClear />
      </Form.Item>
    </FormDialog>
  );
}

/** 产品包配置: the tenant's package, read through package-detail, saved by package-setting. */
export function TenantPackageSettingDialog({ row, onClose, onSaved }: { row: Tenant; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: ['tenant-package-detail', row.id],
    queryFn: () => call(tenantEndpoints.packageDetail, { query: { tenantId: row.id } }),
    gcTime: 0,
  });
  if (current.isLoading) {
    return (
      <Modal open title={t('tenant.package')} footer={null} onCancel={onClose}>
        <Spin />
      </Modal>
    );
  }
  const packageId = (current.data as { id?: string } | undefined)?.id ?? '';
  return (
    <FormDialog<{ packageId?: string }>
      name="tenant-package-setting"
      title={t('tenant.packageOf', { name: row.tenantName })}
      initialValues={{ packageId }}
      schema={tenantEndpoints.packageSetting.query}
      toInput={(v) => ({ tenantId: row.id, packageId: v.packageId ?? '' })}
      onSave={async (q) => {
        await call(tenantEndpoints.packageSetting, { query: q as never });
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="packageId" label={t('tenant.packageId')}>
        <PackageSelect />
      </Form.Item>
    </FormDialog>
  );
}

/** 套餐: the tenant package table (add, edit, delete; no view button, spec §2). */
export function PackageTableDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('tenant.packages')} width={960} onCancel={onClose} footer={null} mask={{ closable: false }}>
      <CrudPage def={tenantPackageDialogPage} />
    </Modal>
  );
}

export type CopiedTenant = { tenantId: string; tenantName: string; account: string };

/**
 * 复制: a new zoo from this one's setup (POST /blade-system/tenant/copy). The server answers the new tenant id and
 * its administrator account, which the page then shows: nobody can sign in to the copy without them.
 */
export function TenantCopyDialog({ row, onClose, onCopied }: { row: Tenant; onClose: () => void; onCopied: (copy: CopiedTenant) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ tenantName?: string; linkman?: string; contactNumber?: string; address?: string; domain?: string }>
      name="tenant-copy"
      title={t('tenant.copyOf', { name: row.tenantName })}
      schema={zooTenantEndpoints.copy.body}
      toInput={(v) => ({ ...v, sourceTenantId: row.tenantId })}
      onSave={async (body) => onCopied(await call(zooTenantEndpoints.copy, { body: body as never }))}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('tenant.copyTip', { name: row.tenantName })}</Typography.Paragraph>
      <Form.Item name="tenantName" label={t('tenant.tenantName')} required>
        <Input maxLength={45} />
      </Form.Item>
      <Form.Item name="linkman" label={t('tenant.linkman')} required>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="contactNumber" label={t('tenant.contactNumber')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="address" label={t('tenant.address')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="domain" label={t('tenant.domain')}>
        <Input maxLength={255} />
      </Form.Item>
    </FormDialog>
  );
}

/** What the copy made: the new tenant id and the administrator account to sign in with. */
export function TenantCopiedDialog({ copy, onClose }: { copy: CopiedTenant; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('tenant.copied', { tenantId: copy.tenantId, name: copy.tenantName })}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph>{t('tenant.copiedAccount', { account: copy.account })}</Typography.Paragraph>
    </Modal>
  );
}
