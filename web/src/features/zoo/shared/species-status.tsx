import { CITES_APPENDICES, IUCN_CATEGORIES, permitReportEndpoints } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator, useSession } from '../../../lib/session';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

interface StatusForm {
  validFrom: Dayjs;
  protectionClass: number;
  protectionAuthority: number;
  citesAppendix: (typeof CITES_APPENDICES)[number];
  iucnCategory: (typeof IUCN_CATEGORIES)[number];
  remark?: string;
}

/** The platform's entry of a dated change (a list revision published earlier than it is typed in). */
function AddStatus({ speciesId }: { speciesId: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [form] = Form.useForm<StatusForm>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await call(permitReportEndpoints.speciesStatusSubmit, { body: { ...v, speciesId, validFrom: v.validFrom.format('YYYY-MM-DD') } });
      toast.success(t('zooPermitReport.status.saved'));
      form.resetFields();
      await queries.invalidateQueries({ queryKey: ['species-status', speciesId] });
      await queries.invalidateQueries({ queryKey: ['crud'] });
    } finally {
      setSaving(false);
    }
  };
  const req = [{ required: true, message: t('zooPermitReport.status.required') }];
  return (
    <Form form={form} layout="vertical" initialValues={{ protectionAuthority: 0 }} data-testid="species-status-form">
      <Space wrap align="end">
        <Form.Item name="validFrom" label={t('zooPermitReport.status.validFrom')} rules={req}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="protectionClass" label={t('zooPermitReport.protection')} rules={req}>
          <Select style={{ width: 120 }} options={[0, 1, 2].map((v) => ({ value: v, label: t(`zooPermitReport.levels.${v}`) }))} />
        </Form.Item>
        <Form.Item name="protectionAuthority" label={t('zooPermitReport.status.authority')}>
          <Select style={{ width: 120 }} options={[0, 1, 2].map((v) => ({ value: v, label: t(`zooPermitReport.authorities.${v}`) }))} />
        </Form.Item>
        <Form.Item name="citesAppendix" label="CITES" rules={req}>
          <Select style={{ width: 100 }} options={CITES_APPENDICES.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item name="iucnCategory" label="IUCN" rules={req}>
          <Select style={{ width: 90 }} options={IUCN_CATEGORIES.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('zooPermitReport.status.remark')}>
          <Input maxLength={255} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('zooPermitReport.status.add')}
          </Button>
        </Form.Item>
      </Space>
    </Form>
  );
}

function History({ speciesId }: { speciesId: string }) {
  const { t } = useTranslation();
  const rows = useQuery({ queryKey: ['species-status', speciesId], queryFn: () => call(permitReportEndpoints.speciesStatus, { query: { speciesId } }) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={rows.isLoading}
      dataSource={rows.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="species-status-table"
      columns={[
        { title: t('zooPermitReport.status.validFrom'), dataIndex: 'validFrom', render: (v: string) => v || t('zooPermitReport.status.first') },
        { title: t('zooPermitReport.protection'), dataIndex: 'protectionClass', render: (v: number) => t(`zooPermitReport.levels.${v}`) },
        { title: t('zooPermitReport.status.authority'), dataIndex: 'protectionAuthority', render: (v: number) => t(`zooPermitReport.authorities.${v}`) },
        { title: 'CITES', dataIndex: 'citesAppendix' },
        { title: 'IUCN', dataIndex: 'iucnCategory' },
        { title: t('zooPermitReport.status.remark'), dataIndex: 'remark' },
        { title: t('zooPermitReport.status.recorded'), dataIndex: 'createTime' },
      ]}
    />
  );
}

/**
 * 保护状态历史 on species rows: each protection class, CITES appendix and IUCN category with the day it took effect
 * (decision 0040); the platform administrator adds back-dated changes here. A plain row button per row (so the
 * shared row bar can put it under 更多, decision 0048) and one drawer for the list, opened for the row clicked.
 */
export function useSpeciesStatus() {
  const { t } = useTranslation();
  const [of, setOf] = useState<{ speciesId: string; name: string } | null>(null);
  return {
    button: (speciesId: string, name: string) => (
      <Button key="status" type="link" size="small" onClick={() => setOf({ speciesId, name })} data-testid="species-status">
        {t('zooPermitReport.status.button')}
      </Button>
    ),
    drawer: of ? <SpeciesStatusDrawer speciesId={of.speciesId} name={of.name} onClose={() => setOf(null)} /> : null,
  };
}

function SpeciesStatusDrawer({ speciesId, name, onClose }: { speciesId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const admin = useSession((s) => isAdministrator(s.userInfo?.role_name));
  return (
    <Drawer open width={Math.min(860, window.innerWidth)} title={t('zooPermitReport.status.title', { name })} onClose={onClose}>
      {admin ? <AddStatus speciesId={speciesId} /> : null}
      <History speciesId={speciesId} />
    </Drawer>
  );
}
