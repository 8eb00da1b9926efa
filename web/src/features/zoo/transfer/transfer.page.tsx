import { TransferConfirmIn, TransferIn, transferLog, transferLogEndpoints } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaDay } from '../../../lib/china-day';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudPage, DATE_FORMAT, type RowOf } from '../../../crud';
import { FormDialog } from '../../../components/form-dialog';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { AnimalPick } from '../shared/movement-form';
import { SpeciesCageSelect, ZooSpeciesSelect } from '../shared/registry-widgets';
import { PermitPick } from '../shared/permit-pick';
import { transferPage } from './transfer.crud';

type Row = RowOf<ReturnType<typeof transferPage>['crud']>;
type Record = z.output<typeof transferLog.record>;

const noPast = (d: Dayjs) => d.isBefore(chinaDay(), 'day');

/** 发起转移: the other zoo, then an individual (animal pick) or population heads (cage and M/F/U, 0 by default). */
function ProposeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const zoos = useQuery({ queryKey: ['transfer-zoos'], queryFn: () => call(transferLogEndpoints.zoos, {}) });
  const f = (k: string) => t(`zooTransfer.${k}`);
  return (
    <FormDialog
      name="transfer-propose"
      title={f('proposeTitle')}
      width={640}
      schema={TransferIn}
      initialValues={{ animalType: 1, maleQuantity: 0, femaleQuantity: 0, theyQuantity: 0, transferDate: chinaDay() }}
      toInput={(v) => ({ ...v, transferDate: v.transferDate ? (v.transferDate as Dayjs).format(DATE_FORMAT) : undefined })}
      onSave={async (input) => {
        const res = (await call(transferLog.endpoints.propose, { body: input as never })) as { approval?: unknown };
        // The zoo requires approval of outgoing transfers: the receiver sees nothing until it is approved.
        if (res?.approval) toast.info(f('pendingApproval'));
        await client.invalidateQueries({ queryKey: ['crud'] });
      }}
      onClose={onClose}
    >
      <Alert type="info" showIcon message={f('pendingHint')} style={{ marginBottom: 12 }} />
      <Form.Item name="toTenantId" label={f('toTenantId')} rules={[{ required: true, message: f('pickZoo') }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={zoos.isFetching}
          placeholder={f('pickZoo')}
          options={(zoos.data ?? []).map((z) => ({ value: z.tenantId, label: `${z.tenantName} (${z.tenantId})` }))}
        />
      </Form.Item>
      <Form.Item name="animalType" label={f('animalType')}>
        <Radio.Group options={[1, 2].map((k) => ({ value: k, label: t(`zooTransfer.mode.${k}`) }))} />
      </Form.Item>
      <Form.Item name="speciesId" label={f('speciesId')} rules={[{ required: true, message: t('zooStockLog.form.pickSpecies') }]}>
        <ZooSpeciesSelect resets={{ animalId: undefined, cageId: undefined }} />
      </Form.Item>
      <Form.Item noStyle dependencies={['animalType']}>
        {({ getFieldValue }) =>
          getFieldValue('animalType') === 2 ? (
            <>
              <Form.Item name="cageId" label={f('cageId')} rules={[{ required: true, message: t('zooStockLog.form.pickCage') }]}>
                <SpeciesCageSelect />
              </Form.Item>
              <Space>
                {(['maleQuantity', 'femaleQuantity', 'theyQuantity'] as const).map((k) => (
                  <Form.Item key={k} name={k} label={f(k)} labelCol={{ flex: 'none' }}>
                    <InputNumber min={0} precision={0} />
                  </Form.Item>
                ))}
              </Space>
            </>
          ) : (
            <Form.Item name="animalId" label={f('animalId')} rules={[{ required: true, message: t('zooStockLog.form.pickAnimal') }]}>
              <AnimalPick />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="transferDate" label={f('transferDate')} rules={[{ required: true, message: f('dateRequired') }]}>
        <DatePicker disabledDate={noPast} />
      </Form.Item>
      <Form.Item name="permitIds" label={t('zooPermitPick.permitIds')}>
        <PermitPick />
      </Form.Item>
      <Form.Item name="remark" label={f('remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

/** 确认: the receiver accepts (choosing the receiving cage, optionally a new local number) or rejects with an opinion. */
function ConfirmDialog({ row, onClose }: { row: Record; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const f = (k: string) => t(`zooTransfer.${k}`);
  return (
    <FormDialog<{ status: number; speciesId: string; localNo?: string; transferOpinion?: string; toCageId?: string }>
      name="transfer-confirm"
      title={`${f('confirmTitle')} · ${row.fromZooName} → ${row.toZooName}`}
      width={600}
      schema={TransferConfirmIn}
      initialValues={{ status: 1, speciesId: row.speciesId, localNo: row.localNo || undefined }}
      toInput={(v) => ({
        id: row.id,
        status: v.status,
        transferOpinion: v.transferOpinion,
        toCageId: v.toCageId,
        localNo: row.animalType === 1 ? v.localNo : undefined,
      })}
      onSave={async (input) => {
        const res = await call(transferLogEndpoints.confirm, { body: input as never });
        // Beyond this zoo's licensed quantity, let through by its parameter: never silently.
        for (const w of res?.warnings ?? []) toast.warning(w);
        await client.invalidateQueries({ queryKey: ['crud'] });
      }}
      onClose={onClose}
    >
      <p>
        {row.speciesName} · {row.animalType === 1 ? `${row.localNo} ${row.animalName}` : `${row.maleQuantity}.${row.femaleQuantity}.${row.theyQuantity}`} ·{' '}
        {row.remark}
      </p>
      <Form.Item name="speciesId" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="status" label={f('status')}>
        <Radio.Group
          options={[
            { value: 1, label: f('accept') },
            { value: 2, label: f('reject') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['status']}>
        {({ getFieldValue }) =>
          getFieldValue('status') === 1 ? (
            <>
              <Form.Item name="toCageId" label={f('toCageId')} rules={[{ required: true, message: f('pickCage') }]}>
                <SpeciesCageSelect />
              </Form.Item>
              {row.animalType === 1 ? (
                <Form.Item name="localNo" label={f('newLocalNo')} extra={f('newLocalNoHint')}>
                  <Input maxLength={50} />
                </Form.Item>
              ) : null}
              <Form.Item name="transferOpinion" label={f('transferOpinion')}>
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="transferOpinion" label={f('transferOpinion')} rules={[{ required: true, whitespace: true, message: f('opinionRequired') }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          )
        }
      </Form.Item>
    </FormDialog>
  );
}

/** /zoo/transfer — 转移记录: transfers this zoo sent (转出: propose, withdraw) and received (转入: confirm). */
export default function TransferPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<'out' | 'in'>('out');
  const [proposing, setProposing] = useState(false);
  const [confirming, setConfirming] = useState<Record | null>(null);
  const def = useMemo(() => transferPage(tab), [tab]);
  const withdraw = (row: Row) =>
    Modal.confirm({
      title: t('zooTransfer.withdraw'),
      content: t('zooTransfer.withdrawConfirm'),
      onOk: async () => {
        await call(transferLog.endpoints.withdraw, { query: { ids: String(row.id) } });
        toast.success(t('grant.success'));
        await client.invalidateQueries({ queryKey: ['crud'] });
      },
    });
  return (
    <>
      <CrudPage
        key={tab}
        def={def}
        header={
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'out' | 'in')}
            items={[
              { key: 'out', label: t('zooTransfer.outgoing') },
              { key: 'in', label: t('zooTransfer.incoming') },
            ]}
          />
        }
        toolbar={(ctx) =>
          tab === 'out' && ctx.can('transfer_add') ? (
            <Button type="primary" onClick={() => setProposing(true)}>
              {t('zooTransfer.propose')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => {
          const r = row as unknown as Record;
          if (r.transferStatus !== 0) return null;
          if (r.direction === 'out' && ctx.can('transfer_delete'))
            return (
              <Button type="link" size="small" danger onClick={() => withdraw(row)}>
                {t('zooTransfer.withdraw')}
              </Button>
            );
          if (r.direction === 'in' && ctx.can('transfer_confirm'))
            return (
              <Button type="link" size="small" onClick={() => setConfirming(r)}>
                {t('zooTransfer.confirm')}
              </Button>
            );
          return null;
        }}
      />
      {proposing ? <ProposeDialog onClose={() => setProposing(false)} /> : null}
      {confirming ? <ConfirmDialog row={confirming} onClose={() => setConfirming(null)} /> : null}
    </>
  );
}
