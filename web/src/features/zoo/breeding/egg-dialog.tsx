import { breedEgg, breedingEggEndpoints, breedLitter, CANDLING_RESULTS, EGG_INCUBATIONS, EGG_OUTCOMES, type EggRecord } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudKeys, useCan } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

type Cub = { id: string; localNo: string; animalName: string };
type EggForm = {
  id?: string;
  eggNo?: number | null;
  laidDate: Dayjs;
  weightG?: number | null;
  lengthMm?: number | null;
  breadthMm?: number | null;
  incubation?: number;
  incubationStart?: Dayjs | null;
  tempC?: number | null;
  humidityPct?: number | null;
  outcome?: number;
  hatchDate?: Dayjs | null;
  chickId?: string;
  remark?: string;
};
type CandleForm = { id: string; date: Dayjs; result: number };

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');
const dayOf = (s: string) => (s ? dayjs(s) : null);
const num = (v: number | '') => (v === '' ? null : v);

/**
 * 卵记录 of a bird's clutch: each egg (measurements, incubation, hatch, the chick it became), its candlings over time,
 * and the clutch's counts and hatch rates derived from the eggs by the server.
 */
export function EggDialog({ litter, onClose }: { litter: { id: string; cubs: Cub[] }; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan('breed_litter_edit');
  const queries = useQueryClient();
  const key = [...crudKeys.lists(breedLitter.name), 'eggs', litter.id];
  const eggs = useQuery({
    queryKey: [...key, 'list'],
    queryFn: () => call(breedEgg.endpoints.list, { query: { litterId: litter.id, current: 1, size: 100 } as never }),
  });
  const clutch = useQuery({ queryKey: [...key, 'clutch'], queryFn: () => call(breedingEggEndpoints.clutch, { query: { id: litter.id } }) });
  const [form] = Form.useForm<EggForm>();
  const [candleForm] = Form.useForm<CandleForm>();
  const [saving, setSaving] = useState(false);
  const rows = ((eggs.data as { records?: EggRecord[] } | undefined)?.records ?? []) as EggRecord[];
  const refresh = () => queries.invalidateQueries({ queryKey: key });
  const cubName = (c: Cub) => (c.animalName ? `${c.animalName} (${c.localNo})` : c.localNo);
  const s = clutch.data;

  const save = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      await call(breedEgg.endpoints.submit, {
        body: {
          ...v,
          litterId: litter.id,
          laidDate: day(v.laidDate),
          incubationStart: day(v.incubationStart),
          hatchDate: day(v.hatchDate),
          chickId: v.chickId ?? '',
        } as never,
      });
      toast.success(t('breedEgg.saved'));
      form.resetFields();
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  const candle = async () => {
    const v = await candleForm.validateFields().catch(() => undefined);
    if (!v) return;
    await call(breedingEggEndpoints.candle, { body: { id: v.id, date: day(v.date), result: v.result } });
    toast.success(t('breedEgg.candled'));
    await refresh();
  };
  const edit = (r: EggRecord) =>
    form.setFieldsValue({
      id: r.id,
      eggNo: r.eggNo,
      laidDate: dayjs(r.laidDate),
      weightG: num(r.weightG),
      lengthMm: num(r.lengthMm),
      breadthMm: num(r.breadthMm),
      incubation: r.incubation === '' ? undefined : r.incubation,
      incubationStart: dayOf(r.incubationStart),
      tempC: num(r.tempC),
      humidityPct: num(r.humidityPct),
      outcome: r.outcome === '' ? undefined : r.outcome,
      hatchDate: dayOf(r.hatchDate),
      chickId: r.chickId || undefined,
      remark: r.remark,
    });
  const opts = (prefix: string, keys: readonly number[]) => keys.map((k) => ({ value: k, label: t(`breedEgg.${prefix}.${k}`) }));

  return (
    <Modal open title={t('breedEgg.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('breedEgg.close')}</Button>} width={900} destroyOnHidden>
      <Descriptions size="small" column={{ xs: 2, sm: 3, md: 6 }} data-testid="clutch-summary">
        <Descriptions.Item label={t('breedEgg.laid')}>{s?.laid ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('breedEgg.fertile')}>{s?.fertile ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('breedEgg.hatched')}>{s?.hatched ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('breedEgg.hatchRate')}>{s && s.hatchRate !== '' ? `${s.hatchRate}%` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('breedEgg.fertileHatchRate')}>{s && s.fertileHatchRate !== '' ? `${s.fertileHatchRate}%` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('breedEgg.incubationDays')}>
          {s && s.incubationMinDays !== '' ? t('breedEgg.days', { min: s.incubationMinDays, max: s.incubationMaxDays }) : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={eggs.isLoading}
        dataSource={rows}
        columns={[
          { title: t('breedEgg.eggNo'), dataIndex: 'eggNo' },
          { title: t('breedEgg.laidDate'), dataIndex: 'laidDate' },
          { title: t('breedEgg.weightG'), dataIndex: 'weightG' },
          {
            title: t('breedEgg.candlings'),
            key: 'candlings',
            render: (_: unknown, r: EggRecord) => r.candlings.map((c) => `${c.date} ${t(`breedEgg.results.${c.result}`)}`).join(';') || '—',
          },
          { title: t('breedEgg.incubation'), dataIndex: 'incubation', render: (v: number | '') => (v === '' ? '' : t(`breedEgg.incubations.${v}`)) },
          {
            title: t('breedEgg.expectedHatch'),
            key: 'expected',
            render: (_: unknown, r: EggRecord) => (r.expectedHatchFrom ? `${r.expectedHatchFrom} ~ ${r.expectedHatchTo}` : ''),
          },
          { title: t('breedEgg.outcome'), dataIndex: 'outcome', render: (v: number | '') => (v === '' ? '' : t(`breedEgg.outcomes.${v}`)) },
          { title: t('breedEgg.hatchDate'), dataIndex: 'hatchDate' },
          { title: t('breedEgg.chick'), dataIndex: 'chickName' },
          ...(can
            ? [
                {
                  title: t('breedEgg.actions'),
                  key: 'actions',
                  render: (_: unknown, r: EggRecord) => (
                    <Button type="link" size="small" onClick={() => edit(r)}>
                      {t('breedEgg.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {can ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('breedEgg.candle')}
          </Typography.Title>
          <Form form={candleForm} layout="inline" initialValues={{ date: dayjs(chinaDay().format('YYYY-MM-DD')), result: 1 }} data-testid="candle-form">
            <Form.Item name="id" label={t('breedEgg.eggNo')} rules={[{ required: true, message: t('breedEgg.eggRequired') }]}>
              <Select style={{ minWidth: 100 }} options={rows.map((r) => ({ value: r.id, label: String(r.eggNo) }))} />
            </Form.Item>
            <Form.Item name="date" label={t('breedEgg.candleDate')} rules={[{ required: true }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="result" label={t('breedEgg.candleResult')} rules={[{ required: true }]}>
              <Select style={{ minWidth: 120 }} options={opts('results', CANDLING_RESULTS)} />
            </Form.Item>
            <Button onClick={() => void candle()}>{t('breedEgg.recordCandle')}</Button>
          </Form>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('breedEgg.addOrEdit')}
          </Typography.Title>
          <Form form={form} layout="vertical" initialValues={{ laidDate: dayjs(chinaDay().format('YYYY-MM-DD')) }} data-testid="egg-form">
            <Form.Item name="id" hidden>
              <Input />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item name="eggNo" label={t('breedEgg.eggNo')}>
                <InputNumber min={1} max={100} placeholder={t('breedEgg.nextNo')} />
              </Form.Item>
              <Form.Item name="laidDate" label={t('breedEgg.laidDate')} rules={[{ required: true, message: t('breedEgg.laidRequired') }]}>
                <DatePicker />
              </Form.Item>
              <Form.Item name="weightG" label={t('breedEgg.weightG')}>
                <InputNumber min={0} />
              </Form.Item>
              <Form.Item name="lengthMm" label={t('breedEgg.lengthMm')}>
                <InputNumber min={0} />
              </Form.Item>
              <Form.Item name="breadthMm" label={t('breedEgg.breadthMm')}>
                <InputNumber min={0} />
              </Form.Item>
            </Space>
            <Space wrap align="start">
              <Form.Item name="incubation" label={t('breedEgg.incubation')}>
                <Select allowClear style={{ minWidth: 120 }} options={opts('incubations', EGG_INCUBATIONS)} />
              </Form.Item>
              <Form.Item name="incubationStart" label={t('breedEgg.incubationStart')}>
                <DatePicker />
              </Form.Item>
              <Form.Item name="tempC" label={t('breedEgg.tempC')}>
                <InputNumber min={20} max={45} step={0.1} />
              </Form.Item>
              <Form.Item name="humidityPct" label={t('breedEgg.humidityPct')}>
                <InputNumber min={0} max={100} />
              </Form.Item>
            </Space>
            <Space wrap align="start">
              <Form.Item name="outcome" label={t('breedEgg.outcome')}>
                <Select allowClear style={{ minWidth: 120 }} options={opts('outcomes', EGG_OUTCOMES)} />
              </Form.Item>
              <Form.Item name="hatchDate" label={t('breedEgg.hatchDate')}>
                <DatePicker />
              </Form.Item>
              <Form.Item name="chickId" label={t('breedEgg.chick')}>
                <Select allowClear style={{ minWidth: 160 }} options={litter.cubs.map((c) => ({ value: c.id, label: cubName(c) }))} />
              </Form.Item>
            </Space>
            <Form.Item name="remark" label={t('breedEgg.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Space>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {t('breedEgg.save')}
              </Button>
              <Button onClick={() => form.resetFields()}>{t('breedEgg.newEgg')}</Button>
            </Space>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
