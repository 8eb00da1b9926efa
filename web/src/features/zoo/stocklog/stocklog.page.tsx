import { stockLog, type Movement } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type RowOf } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { MovementButtons, MovementDialog, type MovementInit } from '../shared/movement-form';
import { stockLogPage } from './stocklog.crud';

type Row = RowOf<typeof stockLogPage.crud>;

/** 撤销: the latest movement of a stock is compensated by a new row; the reason travels as the audit reason. */
function ReverseDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, run] = useBusy();
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const done = await run(() =>
      call(stockLog.endpoints.reverse, { query: { ids: String(row.id) }, headers: { 'Audit-Reason': encodeURIComponent(v.reason) } }),
    );
    if (!done) return;
    toast.success(t('grant.success'));
    await client.invalidateQueries({ queryKey: ['crud'] });
    onClose();
  };
  return (
    <Modal open title={t('zooStockLog.reverseTitle')} onOk={ok} okButtonProps={{ loading: busy }} onCancel={onClose} mask={{ closable: false }}>
      <Typography.Paragraph type="secondary">{t('zooStockLog.reverseHint')}</Typography.Paragraph>
      <Form form={form} name="stocklog-reverse" layout="vertical">
        <Form.Item
          name="reason"
          label={t('zooStockLog.reverseReason')}
          rules={[{ required: true, whitespace: true, message: t('zooStockLog.reverseReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /zoo/stocklog — 存栏变动: the ledger with its filters, the six movement forms and 撤销. */
export default function StockLogPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ kind: Movement; init?: MovementInit } | null>(null);
  const [reversing, setReversing] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={stockLogPage}
        toolbar={(ctx) => <MovementButtons can={ctx.can} onOpen={(kind, init) => setOpen({ kind, init })} />}
        rowActions={(row, ctx) =>
          ctx.can(stockLog.perms.delete) && row.movementType !== 'reverse' && !row.reversalId ? (
            <Button type="link" size="small" danger onClick={() => setReversing(row)}>
              {t('zooStockLog.reverse')}
            </Button>
          ) : null
        }
      />
      {open ? <MovementDialog kind={open.kind} init={open.init} onClose={() => setOpen(null)} /> : null}
      {reversing ? <ReverseDialog row={reversing} onClose={() => setReversing(null)} /> : null}
    </>
  );
}
