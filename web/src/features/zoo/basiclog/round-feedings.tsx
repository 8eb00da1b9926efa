import type { RoundFeeding } from '@zoo/contract';
import { Button, Form, InputNumber, Modal, Radio, Space, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueue, type QueuedEntry } from '../../../lib/offline';

const REASONS = ['sick', 'stress', 'weather', 'food', 'other'] as const;
export const feedingTarget = (f: Pick<RoundFeeding, 'planId' | 'no'>, day: string) => `feeding:${f.planId}:${f.no}:${day}`;

interface Values {
  offered: number;
  leftover: number;
  refused: boolean;
  reason?: string;
}

/** Offered and leftover (weighed), or a refusal with a reason: big controls for gloved hands. */
function FeedingDialog({ f, title, onClose, onSave }: { f: RoundFeeding; title: string; onClose: () => void; onSave: (v: Values) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const refused = Form.useWatch('refused', form);
  return (
    <Modal
      open
      title={title}
      okText={t('shell.ok')}
      cancelText={t('shell.cancel')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(onSave)}
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
    >
      <Form form={form} layout="vertical" initialValues={{ offered: f.amount, leftover: 0, refused: false }} name="feeding-entry">
        <Form.Item name="refused" label={t('roundFeed.refused')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {refused ? (
          <Form.Item name="reason" label={t('roundFeed.reason')} rules={[{ required: true, message: t('roundFeed.reasonRequired') }]}>
            <Radio.Group optionType="button" buttonStyle="solid" size="large">
              {REASONS.map((r) => (
                <Radio.Button key={r} value={t(`roundFeed.reasons.${r}`)}>
                  {t(`roundFeed.reasons.${r}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        ) : null}
        <Form.Item name="offered" label={`${t('roundFeed.offered')} (${f.unit})`} rules={[{ required: true }]}>
          <InputNumber size="large" min={0} max={1000000} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        {refused ? null : (
          <Form.Item
            name="leftover"
            label={`${t('roundFeed.leftover')} (${f.unit})`}
            dependencies={['offered']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: number) =>
                  v > (getFieldValue('offered') as number) ? Promise.reject(new Error(t('roundFeed.leftoverTooMuch'))) : Promise.resolve(),
              }),
            ]}
          >
            <InputNumber size="large" min={0} max={1000000} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * Today's planned feedings of one animal (a section of its round card): each to tick as all eaten or to record.
 * Entries go to the device's queue and are sent when there is a network; an unsent one shows its values.
 */
export function RoundFeedings({
  animalName,
  day,
  feedings,
  queued,
  canAdd,
}: {
  animalName: string;
  day: string;
  feedings: RoundFeeding[];
  queued: QueuedEntry[];
  canAdd: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<RoundFeeding | null>(null);
  const save = (f: RoundFeeding, v: Values) =>
    enqueue({
      kind: 'feeding',
      target: feedingTarget(f, day),
      base: f.rowVersion,
      label: `${animalName} · ${f.time} ${f.foodName}`,
      body: {
        planId: f.planId,
        feedingNo: f.no,
        feedDate: day,
        offered: v.offered,
        leftover: v.refused ? null : v.leftover,
        refused: v.refused ? 1 : 0,
        refuseReason: v.refused ? v.reason : null,
      },
    });
  if (!feedings.length) return <Typography.Text type="secondary">{t('roundFeed.noPlan')}</Typography.Text>;
  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }} data-testid="round-feedings">
      {feedings.map((f) => {
        const q = queued.find((x) => x.target === feedingTarget(f, day));
        const shown = q
          ? { offered: q.body.offered, leftover: q.body.leftover ?? q.body.offered, refused: q.body.refused, refuseReason: q.body.refuseReason }
          : f;
        const recorded = Boolean(q) || Boolean(f.recordId);
        return (
          <div key={`${f.planId}-${f.no}`} data-testid="round-feeding" style={{ borderTop: '1px solid rgba(0,0,0,.06)', paddingTop: 6 }}>
            <Space wrap size={6} style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text strong>
                {f.time} {f.foodName} {f.amount}
                {f.unit}
              </Typography.Text>
              <Space wrap size={4}>
                {recorded ? (
                  shown.refused ? (
                    <Tag color="red">{t('roundFeed.refusedTag', { reason: String(shown.refuseReason ?? '') })}</Tag>
                  ) : (
                    <Tag color="green">{t('roundFeed.fed', { offered: shown.offered, leftover: shown.leftover ?? 0, unit: f.unit })}</Tag>
                  )
                ) : null}
                {q ? <Tag color="gold">{t('roundFeed.unsynced')}</Tag> : null}
              </Space>
            </Space>
            {f.note ? (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {f.note}
              </Typography.Text>
            ) : null}
            {canAdd ? (
              <Space wrap style={{ marginTop: 4 }}>
                <Button
                  size="large"
                  icon={<CheckOutlined />}
                  aria-label={`${t('roundFeed.allEaten')} ${f.time} ${f.foodName}`}
                  onClick={() => void save(f, { offered: f.amount, leftover: 0, refused: false })}
                >
                  {t('roundFeed.allEaten')}
                </Button>
                <Button size="large" icon={<EditOutlined />} aria-label={`${t('roundFeed.record')} ${f.time} ${f.foodName}`} onClick={() => setEditing(f)}>
                  {t('roundFeed.record')}
                </Button>
              </Space>
            ) : null}
          </div>
        );
      })}
      {editing ? (
        <FeedingDialog
          f={editing}
          title={`${animalName} · ${editing.time} ${editing.foodName}`}
          onClose={() => setEditing(null)}
          onSave={(v) => {
            void save(editing, v);
            setEditing(null);
          }}
        />
      ) : null}
    </Space>
  );
}
