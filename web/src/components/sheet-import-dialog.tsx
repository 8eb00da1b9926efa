import type { ImportIssue } from '@zoo/contract';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../lib/use-busy';
import { FilePick, RefusedRows } from './import-parts';

/** What a one-transaction import answers: its own counts, and every row it did not take with the reason. */
export interface SheetImportResult {
  rejected: ImportIssue[];
}

interface Props<R extends SheetImportResult> {
  title: string;
  hint: string;
  /** Choices above the file (the species of a curve, the studbook's scope). */
  extra?: ReactNode;
  /** File types offered by the picker. */
  accept?: string;
  /** False while a choice in `extra` is still missing. */
  ready?: boolean;
  send: (file: File) => Promise<R>;
  /** Downloads the template, where the resource has one. */
  template?: () => void;
  summary: (result: R) => string;
  onClose: () => void;
  /** Prefix of the dialog's test ids: `-pick`, `-start`, `-result`. */
  testId: string;
}

/**
 * A spreadsheet import the server answers at once, in one transaction (studbooks, reference curves, laboratory
 * results): pick a file, send it, show the summary and every refused row with its reason. Imports that run as a
 * job with progress use `ImportDialog` instead.
 */
export function SheetImportDialog<R extends SheetImportResult>({
  title,
  hint,
  extra,
  accept = '.xlsx',
  ready = true,
  send,
  template,
  summary,
  onClose,
  testId,
}: Props<R>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, run] = useBusy();
  const [result, setResult] = useState<R | null>(null);
  const start = () =>
    run(async () => {
      if (file) setResult(await send(file));
    });
  return (
    <Modal
      open
      title={title}
      width="min(660px, 96vw)"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        result ? null : (
          <Button key="start" type="primary" loading={busy} disabled={!file || !ready} onClick={() => void start()} data-testid={`${testId}-start`}>
            {t('transfer.start')}
          </Button>
        ),
      ]}
    >
      {result ? (
        <div data-testid={`${testId}-result`}>
          <Typography.Paragraph strong>{summary(result)}</Typography.Paragraph>
          {result.rejected.length ? (
            <RefusedRows rows={result.rejected} reasonTitle={t('transfer.notTaken')} />
          ) : (
            <Alert type="success" showIcon title={t('transfer.allTaken')} />
          )}
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
          {extra}
          <Space wrap>
            <FilePick accept={accept} file={file} onPick={setFile} testId={`${testId}-pick`} />
            {template ? (
              <Button type="link" onClick={template}>
                {t('transfer.template')}
              </Button>
            ) : null}
          </Space>
        </Space>
      )}
    </Modal>
  );
}
