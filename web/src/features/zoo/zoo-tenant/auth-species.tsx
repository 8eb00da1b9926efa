import { AuthSpeciesInput, speciesEndpoints, zooTenantEndpoints } from '@zoo/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Select, Spin, Table, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { crudKeys, DATE_FORMAT, DictTag } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { zooTenantPage } from './zoo-tenant.crud';
import { useBusy } from '../../../lib/use-busy';

interface Zoo {
  tenantId: string;
  tenantName: string;
}
interface Row {
  speciesId?: string;
  licenceNo?: string;
  issuingAuthority?: string;
  validFrom?: Dayjs;
  validTo?: Dayjs;
  approvedQuantity?: number;
  licenceState?: string;
}
type Key = 'speciesId' | 'licenceNo' | 'issuingAuthority' | 'validFrom' | 'validTo' | 'approvedQuantity';

const shape = AuthSpeciesInput.shape as unknown as Record<Key, z.ZodType>;
const toWire = (v: unknown) => (dayjs.isDayjs(v) ? v.format(DATE_FORMAT) : v === null ? undefined : v);
/** One column's rule: the contract's own field schema, its message verbatim. */
const rule = (key: Key): Rule[] => [
  {
    validator: async (_r, value) => {
      const r = shape[key].safeParse(toWire(value));
      if (!r.success) throw new Error(r.error.issues[0]?.message);
    },
  },
];

const load = async (tenantId: string) => {
  const [scope, species] = await Promise.all([call(zooTenantEndpoints.authSpeciesList, { query: { tenantId } }), call(speciesEndpoints.select)]);
  const rows: Row[] = scope.map((s) => ({
    speciesId: s.speciesId,
    licenceNo: s.licenceNo,
    issuingAuthority: s.issuingAuthority,
    validFrom: s.validFrom ? dayjs(s.validFrom) : undefined,
    validTo: s.validTo ? dayjs(s.validTo) : undefined,
    approvedQuantity: s.approvedQuantity === '' ? 0 : s.approvedQuantity,
    licenceState: s.licenceState,
  }));
  return { rows, species };
};

/**
 * 授权物种: the zoo's breeding-licence scope — species from the public library, each with its licence number,
 * issuing authority, validity and approved count — saved whole through tenant/authspecies.
 */
export function AuthSpeciesDialog({ zoo, onClose }: { zoo: Zoo; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ species: Row[] }>();
  const [saving, run] = useBusy();
  const data = useQuery({ queryKey: ['zoo-auth-species', zoo.tenantId], queryFn: () => load(zoo.tenantId), gcTime: 0, staleTime: 0 });
  useEffect(() => {
    if (data.data) form.setFieldsValue({ species: data.data.rows });
  }, [data.data, form]);
  const options = (data.data?.species ?? []).map((s) => ({ value: s.id, label: `${s.speciesName} ${s.latinName}` }));

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const rows = (values.species ?? []).map((r) => ({
      speciesId: r.speciesId,
      licenceNo: r.licenceNo,
      issuingAuthority: r.issuingAuthority,
      validFrom: toWire(r.validFrom),
      validTo: toWire(r.validTo),
      approvedQuantity: r.approvedQuantity ?? 0,
    }));
    const parsed = rows.map((r) => AuthSpeciesInput.safeParse(r));
    const failed = parsed.flatMap((p, i) =>
      p.success ? [] : p.error.issues.map((is) => ({ name: ['species', i, is.path[0] as Key] as ['species', number, Key], errors: [is.message] })),
    );
    if (failed.length) {
      form.setFields(failed);
      return;
    }
    const done = await run(async () => {
      await call(zooTenantEndpoints.authSpecies, { body: { tenantId: zoo.tenantId, species: parsed.map((p) => p.data!) } });
    });
    if (!done) return;
    toast.success(t('grant.success'));
    // The zoo list shows the scope's size.
    void client.invalidateQueries({ queryKey: crudKeys.lists(zooTenantPage.crud.name) });
    onClose();
  };

  const cell = (name: number, key: Key, node: ReactNode) => (
    <Form.Item name={[name, key]} rules={rule(key)} style={{ margin: 0 }}>
      {node}
    </Form.Item>
  );
  const label = (k: string) => t(`zooTenant.auth.${k}`);

  return (
    <Modal
      open
      width={1200}
      title={t('zooTenant.auth.title', { name: zoo.tenantName, code: zoo.tenantId })}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!data.data} onClick={save}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Spin spinning={data.isFetching}>
        <Form form={form} name="auth-species" component="div">
          <Form.List name="species">
            {(items, { add, remove }) => (
              <>
                <Table
                  size="small"
                  bordered
                  pagination={false}
                  rowKey="key"
                  dataSource={items}
                  locale={{ emptyText: <Empty description={label('empty')} /> }}
                  columns={[
                    {
                      key: 'speciesId',
                      title: label('speciesId'),
                      width: 260,
                      render: (_, it) =>
                        cell(
                          it.name,
                          'speciesId',
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            options={options}
                            placeholder={t('crud.selectPlaceholder', { label: label('speciesId') })}
                            aria-label={label('speciesId')}
                          />,
                        ),
                    },
                    { key: 'licenceNo', title: label('licenceNo'), render: (_, it) => cell(it.name, 'licenceNo', <Input aria-label={label('licenceNo')} />) },
                    {
                      key: 'issuingAuthority',
                      title: label('issuingAuthority'),
                      render: (_, it) => cell(it.name, 'issuingAuthority', <Input aria-label={label('issuingAuthority')} />),
                    },
                    {
                      key: 'validFrom',
                      title: label('validFrom'),
                      width: 150,
                      render: (_, it) => cell(it.name, 'validFrom', <DatePicker format={DATE_FORMAT} aria-label={label('validFrom')} />),
                    },
                    {
                      key: 'validTo',
                      title: label('validTo'),
                      width: 150,
                      render: (_, it) => cell(it.name, 'validTo', <DatePicker format={DATE_FORMAT} aria-label={label('validTo')} />),
                    },
                    {
                      key: 'approvedQuantity',
                      title: label('approvedQuantity'),
                      width: 110,
                      render: (_, it) =>
                        cell(it.name, 'approvedQuantity', <InputNumber min={0} style={{ width: '100%' }} aria-label={label('approvedQuantity')} />),
                    },
                    {
                      key: 'licenceState',
                      title: label('licenceState'),
                      width: 90,
                      render: (_, it) => {
                        const state = form.getFieldValue(['species', it.name, 'licenceState']) as string | undefined;
                        return state ? <DictTag code="licence_state" value={state} /> : <Tag>{label('new')}</Tag>;
                      },
                    },
                    {
                      key: 'op',
                      title: t('crud.actions'),
                      width: 70,
                      render: (_, it) => (
                        <Button type="link" danger size="small" aria-label={t('crud.delete')} icon={<DeleteOutlined />} onClick={() => remove(it.name)} />
                      ),
                    },
                  ]}
                />
                <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 12 }} block onClick={() => add({ approvedQuantity: 0 })}>
                  {label('add')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Modal>
  );
}
