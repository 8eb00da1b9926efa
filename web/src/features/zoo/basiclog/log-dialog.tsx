import { basicLog, type RoundLog } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import type { Option } from '../../../crud';
import { enqueue, isNetworkError } from '../../../lib/offline';
import { call } from '../../../lib/request';
import { appetiteOptions, behaviourOptions, DietEditor, faecesOptions, healthOptions, intakeOptions, type DietRow } from './log-widgets';

export interface LogTarget {
  animalId: string;
  animalName: string;
  day: string;
  /** The day's log when editing it. */
  logId?: string;
  /** What a new log starts with (the last diet). */
  diet?: DietRow[];
  /** Saved through the device's queue (the round, decision 0046): the version seen and what the entry is about. */
  queue?: { base: number; target: string };
  /** The day's log as the round keeps it on the device: without a network the edit opens from it (version `queue.base`). */
  kept?: RoundLog;
}

/** Big touch-friendly choices (tablet rounds): one button per value. */
function Choice({ options, value, onChange }: { options: Option[]; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group optionType="button" buttonStyle="solid" size="large" value={value} onChange={(e) => onChange?.(e.target.value)}>
      {options.map((o) => (
        <Radio.Button key={o.value} value={o.value}>
          {t(o.label)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

/** Records (or corrects) one animal's log of one day: diet, intake and observations. */
export function LogDialog({ target, onClose, onSaved }: { target: LogTarget; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  // Online, the log is read afresh and its version is what the edit is based on; without a network the round's copy
  // stands in, based on the version the round saw, so a change made meanwhile elsewhere comes back as a conflict.
  const existing = useQuery({
    queryKey: ['basiclog-edit', target.logId],
    queryFn: async (): Promise<RoundLog & { rowVersion: number; fromCopy?: boolean }> => {
      const copy = target.kept && target.queue ? { ...target.kept, rowVersion: target.queue.base, fromCopy: true } : undefined;
      if (copy && navigator.onLine === false) return copy;
      try {
        return await call(basicLog.endpoints.detail, { query: { id: target.logId! } });
      } catch (e) {
        if (copy && isNetworkError(e)) return copy;
        throw e;
      }
    },
    enabled: Boolean(target.logId),
    gcTime: 0,
  });
  if (target.logId && !existing.data) return <Spin fullscreen spinning />;
  const row = existing.data;
  const initial = row
    ? {
        diet: row.diet,
        intake: row.intake,
        appetite: row.appetite,
        behaviour: row.behaviour,
        faeces: row.faeces,
        health: row.health,
        logTime: row.logTime,
        remark: row.remark,
      }
    : { diet: (target.diet ?? []).map((d) => ({ ...d, intake: 1 })), intake: 1, appetite: 1, behaviour: 1, faeces: 1, health: 1, logTime: '', remark: '' };
  return (
    <FormDialog
      name="basiclog-entry"
      title={`${target.animalName} · ${target.day}`}
      width={760}
      initialValues={initial}
      schema={basicLog.input}
      toInput={(v) => ({ ...v, id: target.logId, animalId: target.animalId, logDate: target.day })}
      onSave={async (input) => {
        if (target.queue) {
          const { id: _id, ...body } = input as Record<string, unknown>;
          const base = row ? row.rowVersion : target.queue.base;
          await enqueue({ kind: 'log', target: target.queue.target, base, label: `${target.animalName} · ${target.day}`, body });
        } else await call(basicLog.endpoints.submit, { body: input as never });
        onSaved();
      }}
      onClose={onClose}
    >
      {row?.fromCopy ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="log-from-copy" message={t('roundFeed.editFromCopy')} /> : null}
      <Form.Item name="diet" label={t('basicLog.diet')}>
        <DietEditor />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.diet !== b.diet}>
        {({ getFieldValue }) =>
          // With diet items the overall intake is the worst of theirs (server rule); without, it is asked here.
          (getFieldValue('diet') as unknown[] | undefined)?.length ? null : (
            <Form.Item name="intake" label={t('basicLog.intake')}>
              <Choice options={intakeOptions} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="appetite" label={t('basicLog.appetite')}>
        <Choice options={appetiteOptions} />
      </Form.Item>
      <Form.Item name="behaviour" label={t('basicLog.behaviour')}>
        <Choice options={behaviourOptions} />
      </Form.Item>
      <Form.Item name="faeces" label={t('basicLog.faeces')}>
        <Choice options={faecesOptions} />
      </Form.Item>
      <Form.Item name="health" label={t('basicLog.health')}>
        <Choice options={healthOptions} />
      </Form.Item>
      <Form.Item name="logTime" label={t('basicLog.logTime')}>
        <Input placeholder="HH:mm" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="remark" label={t('basicLog.remark')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
