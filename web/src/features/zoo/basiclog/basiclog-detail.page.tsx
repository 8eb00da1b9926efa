import { basicLog } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { LogDialog } from './log-dialog';
import { HealthTag, IntakeTag } from './log-widgets';

/** /basiclog/detail/:id — one keeper log: who, when, the diet item by item and the observations. */
export default function BasicLogDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const canEdit = useCan(basicLog.perms.edit);
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: ['basiclog-detail', id], queryFn: () => call(basicLog.endpoints.detail, { query: { id } }), enabled: Boolean(id) });
  const r = q.data;
  const label = (k: string) => t(`basicLog.${k}`);
  return (
    <Spin spinning={q.isFetching}>
      <Card
        variant="borderless"
        title={r ? `${t('basicLog.detailTitle')} · ${r.animalName} · ${r.logDate}` : t('basicLog.detailTitle')}
        extra={
          r ? (
            <Space>
              <Button onClick={() => void navigate(`/animal/log/${r.animalId}`)}>{t('basicLog.viewCalendar')}</Button>
              {canEdit ? (
                <Button type="primary" onClick={() => setEditing(true)}>
                  {t('basicLog.round.edit')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {r ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={label('animalName')}>{r.animalName}</Descriptions.Item>
              <Descriptions.Item label={label('animalType')}>{t(`basicLog.type.${r.animalType}`)}</Descriptions.Item>
              <Descriptions.Item label={label('speciesName')}>{r.speciesName}</Descriptions.Item>
              <Descriptions.Item label={label('cageName')}>{r.cageName}</Descriptions.Item>
              <Descriptions.Item label={label('logDate')}>{r.logDate}</Descriptions.Item>
              <Descriptions.Item label={label('logTime')}>{r.logTime}</Descriptions.Item>
              <Descriptions.Item label={label('keeperName')}>{r.keeperName}</Descriptions.Item>
              <Descriptions.Item label={label('intake')}>
                <IntakeTag value={r.intake} />
              </Descriptions.Item>
              <Descriptions.Item label={label('appetite')}>{t(`basicLog.appetites.${r.appetite}`)}</Descriptions.Item>
              <Descriptions.Item label={label('behaviour')}>{t(`basicLog.behaviours.${r.behaviour}`)}</Descriptions.Item>
              <Descriptions.Item label={label('faeces')}>{t(`basicLog.faecesValues.${r.faeces}`)}</Descriptions.Item>
              <Descriptions.Item label={label('health')}>
                <HealthTag value={r.health} />
              </Descriptions.Item>
              <Descriptions.Item label={label('remark')} span={3}>
                {r.remark}
              </Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              pagination={false}
              rowKey={(_, i) => String(i)}
              title={() => label('diet')}
              dataSource={r.diet}
              locale={{ emptyText: label('noDiet') }}
              columns={[
                { key: 'food', dataIndex: 'food', title: label('food') },
                { key: 'amount', dataIndex: 'amount', title: label('amount'), width: 120 },
                { key: 'unit', dataIndex: 'unit', title: label('unit'), width: 100 },
                { key: 'intake', dataIndex: 'intake', title: label('intake'), width: 140, render: (v: number) => <IntakeTag value={v} /> },
              ]}
            />
          </Space>
        ) : q.isFetching ? null : (
          <Empty />
        )}
      </Card>
      {editing && r ? (
        <LogDialog
          target={{ animalId: r.animalId, animalName: r.animalName, day: r.logDate, logId: r.id }}
          onClose={() => setEditing(false)}
          onSaved={() => void q.refetch()}
        />
      ) : null}
    </Spin>
  );
}
