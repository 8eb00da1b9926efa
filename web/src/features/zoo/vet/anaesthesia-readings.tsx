import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AnaesthesiaReading } from '@zoo/contract';
import { Button, Input, InputNumber, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';

type ReadingRow = { time?: string; heartRate?: number | '' | null; respRate?: number | '' | null; spo2?: number | '' | null; temperature?: number | '' | null };
const VALUES = ['heartRate', 'respRate', 'spo2', 'temperature'] as const;

/** The monitoring readings of an anaesthesia, row by row: clock time, heart and respiratory rate, SpO2, temperature. */
export function ReadingsEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = (Array.isArray(value) ? value : []) as ReadingRow[];
  const set = (i: number, patch: Partial<ReadingRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="readings-editor">
      {rows.map((r, i) => (
        <Space key={i} wrap size={6} data-testid="reading-row">
          <Input
            aria-label={`${t('vetAnaesthesia.reading.time')} ${i + 1}`}
            placeholder="HH:mm"
            value={r.time ?? ''}
            disabled={disabled}
            style={{ width: 90 }}
            onChange={(e) => set(i, { time: e.target.value })}
          />
          {VALUES.map((k) => (
            <InputNumber
              key={k}
              aria-label={`${t(`vetAnaesthesia.reading.${k}`)} ${i + 1}`}
              placeholder={t(`vetAnaesthesia.reading.${k}`)}
              value={r[k] === '' || r[k] === undefined ? null : r[k]}
              min={0}
              disabled={disabled}
              style={{ width: 130 }}
              onChange={(v) => set(i, { [k]: v })}
            />
          ))}
          <Button icon={<DeleteOutlined />} aria-label={t('crud.delete')} disabled={disabled} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { time: '', heartRate: null, respRate: null, spo2: null, temperature: null }])}
      >
        {t('vetAnaesthesia.reading.add')}
      </Button>
    </Space>
  );
}

/** The readings as a small table in time order (the record's view). */
export function ReadingsTable({ readings }: { readings: AnaesthesiaReading[] }) {
  const { t } = useTranslation();
  if (!readings.length) return <>—</>;
  return (
    <Table<AnaesthesiaReading>
      size="small"
      rowKey="time"
      pagination={false}
      dataSource={readings}
      scroll={{ x: 420 }}
      data-testid="readings-table"
      columns={[
        { key: 'time', dataIndex: 'time', title: t('vetAnaesthesia.reading.time'), width: 70 },
        ...VALUES.map((k) => ({ key: k, dataIndex: k, title: t(`vetAnaesthesia.reading.${k}`) })),
      ]}
    />
  );
}
