import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { ok, pageOf, stubFetch, wholeRow } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { bladeFlow, flowDict, flowProcess } from '../../test/flow-rows';
import { pick } from '../../test/picker';
import ClaimPage from './lists/claim.page';
import SendPage from './lists/send.page';
import StartPage from './lists/start.page';
import TodoPage from './lists/todo.page';
import LeaveDetailPage from './leave/leave-detail.page';
import LeaveFormPage from './leave/leave-form.page';
import LeaveHandlePage from './leave/leave-handle.page';

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

/** A page at a route (so useParams works) plus a probe that shows where navigation went. */
function renderAt(path: string, pattern: string, page: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const DICT = 'GET /api/blade-system/dict/dictionary';

describe('work lists', () => {
  it('发起事务 lists startable processes and 发起 opens the category form route (flow_1 → leave)', async () => {
    signIn();
    stubFetch({ 'GET /api/blade-flow/work/start-list': pageOf([flowProcess()]), [DICT]: ok(flowDict) });
    renderAt('/work/start', '/work/start', <StartPage />);
    const tr = (await screen.findByText('leave')).closest('tr')!;
    expect(within(tr).getByText('激活')).toBeInTheDocument();
    expect(within(tr).getAllByText('请假流程')).toHaveLength(2); // name and category
    fireEvent.click(within(tr).getByTestId('row-start'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/work/process/leave/form/leave:1:100');
  });

  it('待签事务: 签收 confirms, claims the task by id and shows the contract message', async () => {
    signIn();
    let claimed = false;
    const net = stubFetch({
      'GET /api/blade-flow/work/claim-list': () => (claimed ? pageOf([]) : pageOf([bladeFlow({ taskId: '777' })])),
      'POST /api/blade-flow/work/claim-task': () => {
        claimed = true;
        return ok({});
      },
      [DICT]: ok(flowDict),
    });
    renderAt('/work/claim', '/work/claim', <ClaimPage />);
    const tr = (await screen.findByText('部门审批')).closest('tr')!;
    fireEvent.click(within(tr).getByTestId('row-claim'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('签收事务成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-flow/work/claim-task')[0]!.query).toEqual({ taskId: '777' });
    await waitFor(() => expect(screen.queryByText('部门审批')).not.toBeInTheDocument());
  });

  it('待办事务: 办理 opens /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}; 流程图 asks the shell', async () => {
    signIn();
    stubFetch({ 'GET /api/blade-flow/work/todo-list': pageOf([bladeFlow({ status: 'todo' })]), [DICT]: ok(flowDict) });
    renderAt('/work/todo', '/work/todo', <TodoPage />);
    const tr = (await screen.findByText('部门审批')).closest('tr')!;
    fireEvent.click(within(tr).getByTestId('row-diagram'));
    expect(useFlowDiagram.getState().target).toEqual({ processInstanceId: 'p-1', processDefinitionId: undefined });
    useFlowDiagram.getState().close();
    fireEvent.click(within(tr).getByTestId('row-handle'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/work/process/leave/handle/t-1/p-1/42');
  });

  it('已发事务 shows the process state and sends the search as processDefinitionName / beginDate / endDate', async () => {
    signIn();
    const net = stubFetch({ 'GET /api/blade-flow/work/send-list': pageOf([bladeFlow({ processIsFinished: 'finished' })]), [DICT]: ok(flowDict) });
    renderAt('/work/send', '/work/send', <SendPage />);
    const tr = (await screen.findByText('部门审批')).closest('tr')!;
    expect(within(tr).getByText('已完成')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('流程名称'), { target: { value: '请假' } });
    const [from, to] = screen.getAllByPlaceholderText(/日期/);
    pick(from!, '2026-11-01 00:00:00');
    pick(to!, '2026-11-30 23:59:59');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(net.to('GET /api/blade-flow/work/send-list').at(-1)!.query).toEqual({
        current: '1',
        size: '10',
        processDefinitionName: '请假',
        beginDate: '2026-11-01 00:00:00',
        endDate: '2026-11-30 23:59:59',
      }),
    );
  });
});

describe('leave process screens', () => {
  const users = ok([
    wholeRow('GET /api/blade-user/user-list', { id: '501', account: 'boss', name: 'boss', realName: '王经理' }),
    wholeRow('GET /api/blade-user/user-list', { id: '502', account: 'hr', name: 'hr', realName: '李人事' }),
  ]);

  it('the form validates with the spec messages, then starts the process with the approver, dates and reason', async () => {
    signIn();
    const net = stubFetch({ 'GET /api/blade-user/user-list': users, 'POST /api/blade-desk/process/leave/start-process': ok({}) });
    renderAt('/work/process/leave/form/leave:1:100', '/work/process/leave/form/:processDefinitionId', <LeaveFormPage />);
    fireEvent.click(await screen.findByTestId('leave-submit'));
    for (const msg of ['请选择审批人', '请选择开始时间', '请选择结束时间', '请输入请假理由']) expect(await screen.findByText(msg)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('审批人'));
    fireEvent.click((await screen.findAllByTitle('王经理 (boss)')).at(-1)!);
    pick(screen.getByLabelText('开始时间'), '2026-12-01 09:00:00');
    pick(screen.getByLabelText('结束时间'), '2026-11-30 18:00:00');
    expect(await screen.findByText('结束时间不能早于开始时间')).toBeInTheDocument();
    pick(screen.getByLabelText('结束时间'), '2026-12-03 18:00:00');
    fireEvent.change(screen.getByLabelText('请假理由'), { target: { value: '回家探亲' } });
    fireEvent.click(screen.getByTestId('leave-submit'));
    await waitFor(() =>
      expect(net.to('POST /api/blade-desk/process/leave/start-process')[0]?.body).toEqual({
        processDefinitionId: 'leave:1:100',
        taskUser: '501',
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-03 18:00:00',
        reason: '回家探亲',
      }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/work/start');
  });

  const leave = ok(
    wholeRow('GET /api/blade-desk/process/leave/detail', {
      id: '42',
      tenantId: '000000',
      processDefinitionId: 'leave:1:100',
      processInstanceId: 'p-1',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 18:00:00',
      reason: '回家探亲',
      days: 2,
      taskUser: '501',
      taskUserName: '王经理',
      applyTime: '2026-11-24 09:00:00',
      flow: bladeFlow({ assigneeName: '张三' }),
    }),
  );
  const history = ok([
    bladeFlow({
      historyActivityId: 'start',
      historyActivityName: '开始',
      assigneeName: '张三',
      createTime: '2026-11-24 09:00:00',
      endTime: '2026-11-24 09:00:00',
    }),
    bladeFlow({
      historyActivityId: 'approve',
      historyActivityName: '部门审批',
      assigneeName: '王经理',
      createTime: '2026-11-24 09:00:01',
      endTime: '2026-11-24 10:00:01',
      historyActivityDurationTime: '1小时',
      comment: '准假',
    }),
  ]);

  it('handling: 驳回 without a comment sends no flag and the comment 驳回; 同意 sends flag ok', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/blade-desk/process/leave/detail': leave,
      'GET /api/blade-flow/process/history-flow-list': history,
      'POST /api/blade-flow/work/complete-task': ok({}),
    });
    const path = '/work/process/leave/handle/t-1/p-1/42';
    const view = renderAt(path, '/work/process/leave/handle/:taskId/:processInstanceId/:businessId', <LeaveHandlePage />);
    expect(await screen.findByText('回家探亲')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('leave-reject'));
    await waitFor(() =>
      expect(net.to('POST /api/blade-flow/work/complete-task')[0]?.body).toEqual({ taskId: 't-1', processInstanceId: 'p-1', comment: '驳回' }),
    );
    view.unmount();
    renderAt(path, '/work/process/leave/handle/:taskId/:processInstanceId/:businessId', <LeaveHandlePage />);
    fireEvent.change(await screen.findByTestId('leave-comment'), { target: { value: '同意,注意安全' } });
    fireEvent.click(screen.getByTestId('leave-approve'));
    await waitFor(() =>
      expect(net.to('POST /api/blade-flow/work/complete-task')[1]?.body).toEqual({
        taskId: 't-1',
        processInstanceId: 'p-1',
        flag: 'ok',
        comment: '同意,注意安全',
      }),
    );
  });

  it('detail shows the request and the timeline "<name> 在 [time] 开始处理 [activity] 环节" with duration and comment', async () => {
    signIn();
    stubFetch({ 'GET /api/blade-desk/process/leave/detail': leave, 'GET /api/blade-flow/process/history-flow-list': history });
    renderAt('/work/process/leave/detail/p-1/42', '/work/process/leave/detail/:processInstanceId/:businessId', <LeaveDetailPage />);
    expect(await screen.findByText('张三 在 [2026-11-24 09:00:00] 开始处理 [开始] 环节')).toBeInTheDocument();
    expect(screen.getByText('王经理 在 [2026-11-24 09:00:01] 开始处理 [部门审批] 环节')).toBeInTheDocument();
    expect(screen.getByText('持续时间: 1小时')).toBeInTheDocument();
    expect(screen.getByText('批复意见: 准假')).toBeInTheDocument();
    const info = screen.getByTestId('leave-info');
    expect(within(info).getByText('张三')).toBeInTheDocument();
    expect(within(info).getByText('2')).toBeInTheDocument();
  });
});
