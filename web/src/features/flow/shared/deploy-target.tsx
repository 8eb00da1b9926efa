import { tenantEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowCategorySelect } from '../../../components/flow-category-select';
import { call } from '../../../lib/request';

export interface DeployTarget {
  category?: string;
  tenantIds?: string[];
}

/**
 * Where a deployment goes (contract §7.3): a category `flow_<k>` (required) and tenants; none makes the
 * process common to every tenant (mode 1). Sits inside an antd Form.
 */
export function DeployTargetFields() {
  const { t } = useTranslation();
  const tenants = useQuery({ queryKey: ['tenant-select'], queryFn: () => call(tenantEndpoints.select), staleTime: 60_000 });
  return (
    <>
      <Form.Item name="category" label={t('flowDeploy.category')} rules={[{ required: true, message: t('flowDeploy.categoryRequired') }]}>
        <FlowCategorySelect data-testid="deploy-category" />
      </Form.Item>
      <Form.Item name="tenantIds" label={t('flowDeploy.tenants')} extra={t('flowDeploy.tenantsHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={tenants.isLoading}
          data-testid="deploy-tenants"
          showSearch={{ optionFilterProp: 'label' }}
          options={(tenants.data ?? []).map((x) => ({ value: x.tenantId, label: `${x.tenantName} (${x.tenantId})` }))}
        />
      </Form.Item>
    </>
  );
}
