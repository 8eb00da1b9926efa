import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from '../../components/bpmn/flow-diagram';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { useShellUi } from './shell-ui';

/**
 * The header's flow-diagram viewer (spec §2 shell dialogs): the instance or definition a screen asked for
 * through `useFlowDiagram`, drawn by bpmn-js with the path taken marked (spec §4).
 */
export function FlowDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'flow');
  const closeShell = useShellUi((s) => s.close);
  const target = useFlowDiagram((s) => s.target);
  const close = () => {
    closeShell();
    useFlowDiagram.getState().close();
  };
  return (
    <Modal open={open && !!target} onCancel={close} footer={null} title={t('shell.flowDialog.title')} width={960} destroyOnHidden>
      {target ? <FlowDiagram key={JSON.stringify(target)} target={target} height={520} /> : null}
    </Modal>
  );
}
