import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { bladeFlow } from '../../test/flow-rows';
import { ok, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { FlowDialog } from './flow-dialog';
import { useShellUi } from './shell-ui';

// bpmn-js draws nothing in jsdom: the diagram is not what this test reads.
vi.mock('../../components/bpmn/flow-diagram', () => ({ FlowDiagram: () => null }));

describe('the flow dialog: call activities', () => {
  it('lists the instances a call activity started; one opens in the dialog', async () => {
    signIn();
    stubFetch({
      'GET /api/blade-flow/process/history-flow-list': ok([
        bladeFlow({ historyActivityId: 's', historyActivityName: '开始', historyActivityType: 'startEvent', endTime: '2026-11-28 09:00:00' }),
        bladeFlow({ historyActivityId: 'call', historyActivityName: '调用复核', historyActivityType: 'callActivity', calledProcessInstanceId: '901' }),
      ]),
    });
    useShellUi.getState().show('flow');
    useFlowDiagram.getState().show({ processInstanceId: '900' });
    renderPage(<FlowDialog />);
    const list = await screen.findByTestId('called-instances');
    expect(list).toHaveTextContent('调用的流程');
    expect(list).toHaveTextContent('调用复核');
    expect(list).toHaveTextContent('进行中');
    fireEvent.click(screen.getByRole('button', { name: '查看「调用复核」调用的流程' }));
    await waitFor(() => expect(useFlowDiagram.getState().target).toEqual({ processInstanceId: '901' }));
    useFlowDiagram.getState().close();
    useShellUi.getState().close();
  });
});
