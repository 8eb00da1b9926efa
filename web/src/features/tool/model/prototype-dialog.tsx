import { COMPONENT_TYPES, PROPERTY_TYPES, QUERY_TYPES, modelEndpoints, type ModelPrototypeRecord } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Input, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

type Proto = ModelPrototypeRecord;
const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired', 'isRow'] as const;
const opts = (xs: readonly string[]) => xs.map((value) => ({ value, label: value }));

/** 模型配置: the model's fields (saved settings, or proposed from the table) edited in one grid, saved together. */
export function PrototypeDialog({ modelId, title, onClose }: { modelId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['tool-prototypes', modelId], queryFn: () => call(modelEndpoints.modelPrototype, { query: { modelId } }) });
  const [rows, setRows] = useState<Proto[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(q.data ?? []), [q.data]);
  const set = (i: number, patch: Partial<Proto>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async () => {
    setSaving(true);
    try {
      await call(modelEndpoints.prototypeSubmit, { body: rows as never });
      toast.success(t('model.saved'));
      await client.invalidateQueries({ queryKey: ['tool-prototypes', modelId] });
      onClose();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={1100}
      title={`${t('model.prototype')} · ${title}`}
      onCancel={onClose}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={saving} disabled={!rows.length} onClick={() => void save()}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Table<Proto>
        rowKey="jdbcName"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1000, y: 480 }}
        columns={[
          { title: t('model.jdbcName'), dataIndex: 'jdbcName', width: 130, fixed: 'left' },
          { title: t('model.jdbcType'), dataIndex: 'jdbcType', width: 90 },
          {
            title: t('model.jdbcComment'),
            dataIndex: 'jdbcComment',
            width: 140,
            render: (v: string, _r, i) => (
              <Input
                size="small"
                aria-label={`${rows[i]?.jdbcName} ${t('model.jdbcComment')}`}
                value={v}
                onChange={(e) => set(i, { jdbcComment: e.target.value })}
              />
            ),
          },
          {
            title: t('model.propertyName'),
            dataIndex: 'propertyName',
            width: 120,
            render: (v: string, _r, i) => <Input size="small" value={v} onChange={(e) => set(i, { propertyName: e.target.value })} />,
          },
          {
            title: t('model.propertyType'),
            dataIndex: 'propertyType',
            width: 100,
            render: (v: string, _r, i) => (
              <Select size="small" style={{ width: '100%' }} value={v} options={opts(PROPERTY_TYPES)} onChange={(x) => set(i, { propertyType: x })} />
            ),
          },
          ...FLAGS.map((f) => ({
            title: t(`model.${f}`),
            dataIndex: f,
            width: 70,
            render: (v: number, _r: Proto, i: number) => (
              <Checkbox aria-label={`${rows[i]?.jdbcName} ${t(`model.${f}`)}`} checked={v === 1} onChange={(e) => set(i, { [f]: e.target.checked ? 1 : 0 })} />
            ),
          })),
          {
            title: t('model.queryType'),
            dataIndex: 'queryType',
            width: 90,
            render: (v: string, _r, i) => (
              <Select size="small" style={{ width: '100%' }} value={v} options={opts(QUERY_TYPES)} onChange={(x) => set(i, { queryType: x })} />
            ),
          },
          {
            title: t('model.componentType'),
            dataIndex: 'componentType',
            width: 110,
            render: (v: string, _r, i) => (
              <Select size="small" style={{ width: '100%' }} value={v} options={opts(COMPONENT_TYPES)} onChange={(x) => set(i, { componentType: x })} />
            ),
          },
          {
            title: t('model.dictCode'),
            dataIndex: 'dictCode',
            width: 120,
            render: (v: string, _r, i) => <Input size="small" value={v} onChange={(e) => set(i, { dictCode: e.target.value })} />,
          },
        ]}
      />
    </Modal>
  );
}
