import { authEndpoints } from '@zoo/contract';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../../lib/feedback';
import { call } from '../../lib/request';
import { useErrorLog, type ErrorLog } from '../../lib/session';
import { useShellUi } from './shell-ui';

const clip = (v: string) => (
  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} ellipsis={{ rows: 3, expandable: true }}>
    {v}
  </Typography.Paragraph>
);

/** The captured UI errors (spec §2): upload to POST oauth/logout or clear, each after a confirm. */
export function ErrorLogDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'logs');
  const close = useShellUi((s) => s.close);
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);

  const upload = () =>
    confirm({
      title: t('layout.tip'),
      content: t('shell.logs.uploadConfirm'),
      onOk: async () => {
        await call(authEndpoints.sendLogs, { body: logs.map((l) => ({ ...l })) });
        clear();
        toast.success(t('shell.logs.uploadOk'));
      },
    });
  const clearAll = () =>
    confirm({
      title: t('layout.tip'),
      content: t('shell.logs.clearConfirm'),
      onOk: () => {
        clear();
        toast.success(t('shell.logs.clearOk'));
      },
    });

  const col = (key: keyof ErrorLog, width?: number, long = false) => ({
    key,
    dataIndex: key,
    title: t(`shell.logs.${key}`),
    width,
    render: long ? (v: string) => clip(v) : undefined,
  });

  return (
    <Modal open={open} onCancel={close} footer={null} width={1100} title={t('shell.logs.title')} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!logs.length} onClick={upload}>
          {t('shell.logs.upload')}
        </Button>
        <Button danger disabled={!logs.length} onClick={clearAll}>
          {t('shell.logs.clear')}
        </Button>
      </Space>
      <Table<ErrorLog>
        size="small"
        rowKey={(r) => String(logs.indexOf(r))}
        dataSource={logs}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('shell.logs.empty') }}
        columns={[col('type', 80), col('url', 200, true), col('message', 220, true), col('stack', 320, true), col('info', 140, true), col('time', 160)]}
        data-testid="error-log-table"
      />
    </Modal>
  );
}
