import { breedingCubEndpoints, breedLitter, PATERNITY_METHODS, type PaternityCandidate } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActionBar } from '../../../components/row-action-bar';
import { UserText } from '../../../components/user-text';
import { crudKeys, useCan } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

/** The sire field's value for "the test excluded every candidate" (the API takes an empty sire). */
const NONE = 'none';
/**
 * A candidate's value in the sire field: the zoo's male by animal id, an outside donor (another base's male) by his
 * studbook identity — the API takes them as `sireId` and `sireIdentityId`.
 */
const valueOf = (c: PaternityCandidate) => (c.outside ? `i:${c.identityId}` : `a:${c.id}`);

type Cub = { id: string; localNo: string; animalName: string };
type Form = { cubId: string; testDate: Dayjs; method: number; lab?: string; sireId: string; remark?: string };

/**
 * 亲子鉴定 of a litter: the candidate sires its cubs were born with (MULT when several), each cub's test result, and a
 * form to record one — the confirmed sire among the candidates, or none of them; the server sets the cub's sire.
 */
export function PaternityDialog({ litter, onClose }: { litter: { id: string; cubs: Cub[] }; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan('breed_litter_edit');
  const queries = useQueryClient();
  const key = [...crudKeys.lists(breedLitter.name), 'paternity', litter.id];
  const q = useQuery({ queryKey: key, queryFn: () => call(breedingCubEndpoints.paternityList, { query: { id: litter.id } }) });
  const [form] = Form.useForm<Form>();
  const [saving, setSaving] = useState(false);
  const refresh = () => Promise.all([queries.invalidateQueries({ queryKey: key }), queries.invalidateQueries({ queryKey: crudKeys.lists(breedLitter.name) })]);
  const cubName = (c: Cub) => (c.animalName ? `${c.animalName} (${c.localNo})` : c.localNo);
  const candidates = q.data?.candidates ?? [];

  const submit = async () => {
    // The form shows its own messages; nothing to send until they are answered.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      await call(breedingCubEndpoints.paternity, {
        body: {
          cubId: v.cubId,
          testDate: v.testDate.format('YYYY-MM-DD'),
          method: v.method,
          lab: v.lab ?? '',
          sireId: v.sireId.startsWith('a:') ? v.sireId.slice(2) : '',
          sireIdentityId: v.sireId.startsWith('i:') ? v.sireId.slice(2) : '',
          remark: v.remark ?? '',
        } as never,
      });
      toast.success(t('breedPaternity.paternitySaved'));
      form.resetFields(['cubId', 'sireId', 'remark']);
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  const remove = async (id: string) => {
    await call(breedingCubEndpoints.paternityRemove, { body: { id } });
    toast.success(t('breedPaternity.paternityRemoved'));
    await refresh();
  };

  return (
    <Modal
      open
      title={t('breedPaternity.paternity')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('breedPaternity.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="paternity-candidates">
        {t('breedPaternity.candidates')}: {candidates.length ? null : '—'}
        {candidates.map((c, i) => (
          <span key={valueOf(c)}>
            {i ? '、' : ''}
            <UserText>{c.name}</UserText>
            {/* Another base's donor: his studbook number and holding zoo are in the name; the tag says where he is. */}
            {c.outside ? (
              <Tag color="blue" style={{ marginInlineStart: 4 }}>
                {t('breedPaternity.outside')}
              </Tag>
            ) : null}
          </span>
        ))}
        {candidates.length > 1 ? <Typography.Text type="secondary"> ({t('breedPaternity.mult')})</Typography.Text> : null}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={q.isLoading}
        dataSource={q.data?.results ?? []}
        columns={[
          { title: t('breedPaternity.cub'), dataIndex: 'cubName' },
          { title: t('breedPaternity.testDate'), dataIndex: 'testDate' },
          { title: t('breedPaternity.method'), dataIndex: 'method', render: (m: number) => t(`breedPaternity.methods.${m}`) },
          { title: t('breedPaternity.lab'), dataIndex: 'lab' },
          { title: t('breedPaternity.confirmedSire'), dataIndex: 'sireName', render: (s: string) => s || t('breedPaternity.noneOfThem') },
          ...(can
            ? [
                {
                  title: t('breedPaternity.actions'),
                  key: 'actions',
                  render: (_: unknown, r: { id: string }) => (
                    <RowActionBar
                      items={[
                        {
                          key: 'remove',
                          node: (
                            <Popconfirm title={t('breedPaternity.removeConfirm')} onConfirm={() => void remove(r.id)}>
                              <Button type="link" size="small" danger>
                                {t('breedPaternity.remove')}
                              </Button>
                            </Popconfirm>
                          ),
                        },
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {can ? (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ testDate: dayjs(chinaDay().format('YYYY-MM-DD')), method: 1 }}
          data-testid="paternity-form"
        >
          <Form.Item name="cubId" label={t('breedPaternity.cub')} rules={[{ required: true, message: t('breedPaternity.cubRequired') }]}>
            <Select options={litter.cubs.map((c) => ({ value: c.id, label: cubName(c) }))} />
          </Form.Item>
          <Form.Item name="testDate" label={t('breedPaternity.testDate')} rules={[{ required: true, message: t('breedPaternity.testDateRequired') }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="method" label={t('breedPaternity.method')} rules={[{ required: true }]}>
            <Select options={PATERNITY_METHODS.map((m) => ({ value: m, label: t(`breedPaternity.methods.${m}`) }))} />
          </Form.Item>
          <Form.Item name="lab" label={t('breedPaternity.lab')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sireId" label={t('breedPaternity.confirmedSire')} rules={[{ required: true, message: t('breedPaternity.sireRequired') }]}>
            <Select
              options={[
                ...candidates.map((c) => ({ value: valueOf(c), label: c.outside ? `${c.name} · ${t('breedPaternity.outside')}` : c.name })),
                { value: NONE, label: t('breedPaternity.noneOfThem') },
              ]}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('breedPaternity.remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('breedPaternity.recordPaternity')}
          </Button>
        </Form>
      ) : null}
    </Modal>
  );
}
