import { Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellUi } from './shell-ui';

/** Placeholder of the flow-diagram viewer; the workflow module brings the real diagram. */
export function FlowDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'flow');
  const close = useShellUi((s) => s.close);
  return (
    <Modal open={open} onCancel={close} footer={null} title={t('shell.flowDialog.title')} width={720}>
      <Empty description={t('shell.flowDialog.placeholder')} />
    </Modal>
  );
}
