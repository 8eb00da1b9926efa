import { medAdministration, vetRoundEndpoints, type RoundDose } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudKeys, useCan } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { UserText } from '../../../components/user-text';
import { amountText } from './vet-amount';

const ROUND_KEY = ['vet', 'administration-round'];

const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange', 3: 'red' };
/** 待执行 / 已给药 / 漏给 / 拒绝. */
export function AdminStateTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[value]}>{t(`vetAdministration.states.${value}`)}</Tag>;
}

/**
 * 今日给药: the doses of running prescriptions due today (one line per dose of the day), each ticked given, missed
 * or refused. Shown on the keeper's round (饲养日志 今日巡查) and on 给药执行, to roles holding 给药执行; a separate
 * card so the round itself stays the keeper log's.
 */
export function AdministrationRound() {
  const { t } = useTranslation();
  const canView = useCan('vet_administration_view');
  const canAdd = useCan('vet_administration_add');
  const canEdit = useCan('vet_administration_edit');
  const qc = useQueryClient();
  const round = useQuery({ queryKey: ROUND_KEY, queryFn: () => call(vetRoundEndpoints.round, { query: {} }), enabled: canView });
  const [busyKey, setBusyKey] = useState('');
  const [, run] = useBusy();
  if (!canView) return null;
  const data = round.data;

  const tick = async (d: RoundDose, adminStatus: 1 | 2 | 3) => {
    setBusyKey(`${d.treatmentId}-${d.slot}`);
    const now = new Date();
    const givenTime = adminStatus === 1 ? `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}` : '';
    const done = await run(() =>
      call(medAdministration.endpoints.submit, {
        body: {
          ...(d.administrationId ? { id: d.administrationId } : {}),
          treatmentId: d.treatmentId,
          dueDate: data!.day,
          slot: d.slot,
          adminStatus,
          givenTime,
        },
      }),
    );
    setBusyKey('');
    if (done) {
      toast.success(t('vetAdministration.saved'));
      await qc.invalidateQueries({ queryKey: ROUND_KEY });
      await qc.invalidateQueries({ queryKey: crudKeys.lists(medAdministration.name) });
    }
  };

  return (
    <Card size="small" title={t('vetAdministration.round')} data-testid="administration-round" style={{ marginBottom: 16 }} loading={round.isLoading}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('vetAdministration.roundHint')}
      </Typography.Paragraph>
      {data && data.doses.length === 0 ? (
        <Empty description={t('vetAdministration.empty')} />
      ) : (
        <List
          dataSource={data?.doses ?? []}
          rowKey={(d) => `${d.treatmentId}-${d.slot}`}
          renderItem={(d) => {
            const may = d.administrationId ? canEdit : canAdd;
            const key = `${d.treatmentId}-${d.slot}`;
            return (
              <List.Item data-testid="round-dose" aria-label={`${d.animalName} ${d.drugName} ${d.slot}`}>
                <Space direction="vertical" size={6} style={{ width: '100%' }}>
                  <Space wrap size={6}>
                    <Typography.Text strong translate="no">
                      {d.animalName}
                    </Typography.Text>
                    <Tag translate="no">{d.cageName}</Tag>
                    <Typography.Text>
                      <UserText>{d.drugName}</UserText> {d.doseMg} mg · {amountText(t, d.amount, d.concentrationUnit)} · {t(`vetTreatment.routes.${d.route}`)}
                    </Typography.Text>
                    <Tag>{t('vetAdministration.slotOf', { slot: d.slot, n: d.frequency })}</Tag>
                    <AdminStateTag value={d.adminStatus} />
                    {d.givenTime ? <Typography.Text type="secondary">{d.givenTime}</Typography.Text> : null}
                  </Space>
                  {may ? (
                    <Space wrap>
                      <Button size="large" type={d.adminStatus === 1 ? 'primary' : 'default'} loading={busyKey === key} onClick={() => void tick(d, 1)}>
                        {t('vetAdministration.given')}
                      </Button>
                      <Button size="large" onClick={() => void tick(d, 2)} disabled={busyKey === key}>
                        {t('vetAdministration.missed')}
                      </Button>
                      <Button size="large" danger onClick={() => void tick(d, 3)} disabled={busyKey === key}>
                        {t('vetAdministration.refused')}
                      </Button>
                    </Space>
                  ) : null}
                </Space>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
