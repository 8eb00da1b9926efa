import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, ImportJob } from '@zoo/contract';
import { Alert, Button, Modal, Progress, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/request';
import { download, upload } from '../lib/request/transfer';
import { useBusy } from '../lib/use-busy';
import { FilePick, RefusedRows } from './import-parts';

/** The three calls of a spreadsheet import: a resource's `transferEndpoints` group (decision 0004). */
export interface ImportCalls {
  importFile: Endpoint;
  importProgress: Endpoint;
  exportTemplate: Endpoint;
}

interface Props {
  title: string;
  calls: ImportCalls;
  onClose: () => void;
  /** Called once the job has finished (the page refreshes its list). */
  onFinished?: () => void;
  /** Progress poll interval (ms); the screen polls every second. */
  pollMs?: number;
}

const done = (job: ImportJob | null) => Boolean(job && job.status !== 'running');

/**
 * xlsx import: pick a file (and whether existing rows are overwritten), upload, follow the server's job
 * until it ends, then show the per-row report (spreadsheet row numbers, header = row 1).
 */
export function ImportDialog({ title, calls, onClose, onFinished, pollMs = 1000 }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const [busy, run] = useBusy();
  const [job, setJob] = useState<ImportJob | null>(null);

  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setJob((await call(calls.importProgress, { query: { jobId: job.jobId } as never })) as ImportJob);
      } catch {
        setJob({ ...job, status: 'failed' });
      }
    }, pollMs);
    return () => clearTimeout(timer);
  }, [job, calls.importProgress, pollMs]);

  const finished = done(job);
  useEffect(() => {
    if (finished) onFinished?.();
    // only when the job ends
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  const start = async () => {
    if (!file) return;
    await run(async () => {
      setJob((await upload(calls.importFile, file, { isCovered: covered ? 1 : 0 } as never)) as ImportJob);
    });
  };

  const percent = job ? (job.total ? Math.floor((job.processed / job.total) * 100) : 100) : 0;
  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        job ? null : (
          <Button key="start" type="primary" loading={busy} disabled={!file} onClick={start}>
            {t('transfer.start')}
          </Button>
        ),
      ]}
    >
      {job ? (
        <div data-testid="import-report">
          <Progress percent={percent} status={job.status === 'failed' ? 'exception' : finished ? 'success' : 'active'} />
          <Typography.Paragraph>
            {t(finished ? 'transfer.summary' : 'transfer.running', {
              total: job.total,
              processed: job.processed,
              succeeded: job.succeeded,
              failed: job.failed,
            })}
          </Typography.Paragraph>
          {job.status === 'failed' && job.msg ? <Alert type="error" title={job.msg} showIcon style={{ marginBottom: 12 }} /> : null}
          {job.errors.length ? <RefusedRows rows={job.errors} reasonTitle={t('transfer.reason')} /> : null}
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <FilePick accept=".xlsx" file={file} onPick={setFile} />
          <Space>
            <Switch id="import-covered" checked={covered} onChange={setCovered} />
            <label htmlFor="import-covered">{t('transfer.covered')}</label>
          </Space>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => download(calls.exportTemplate)} style={{ paddingInline: 0 }}>
            {t('transfer.template')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
