import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bpmnI18n } from '../../components/bpmn/bpmn.i18n';
import { ok, pageOf, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { flowDict, flowProcess } from '../../test/flow-rows';
import { renderPage } from '../../test/render';
import { workI18n } from '../work/shared/work.i18n';
import DeployPage from './deploy/deploy.page';
import ManagerPage from './manager/manager.page';
import { flowI18n } from './shared/flow.i18n';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('workflow labels', () => {
  it.each(Object.entries({ flowI18n, workI18n, bpmnI18n }))('%s has every zh key in en', (_n, bundle) => {
    expect(keys(bundle.en).sort()).toEqual(keys(bundle.zh).sort());
  });
});

describe('流程管理', () => {
  it('挂起 calls change-state and shows the server message; 删除 confirms and removes the deployment', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/blade-flow/manager/list': pageOf([flowProcess()]),
      'POST /api/blade-flow/manager/change-state': { body: { code: 200, success: true, data: {}, msg: '挂起ID为 [leave:1:100] 的流程成功' } },
      'POST /api/blade-flow/manager/delete-deployment': ok({}),
      'GET /api/blade-system/dict/dictionary': ok(flowDict),
    });
    renderPage(<ManagerPage />);
    const tr = (await screen.findByText('leave')).closest('tr')!;
    fireEvent.click(within(tr).getByTestId('row-suspend'));
    expect(await screen.findByText('挂起ID为 [leave:1:100] 的流程成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-flow/manager/change-state')[0]!.query).toEqual({ state: 'suspend', processId: 'leave:1:100' });
    fireEvent.click(within(tr).getByTestId('row-delete'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(net.to('POST /api/blade-flow/manager/delete-deployment')[0]?.query).toEqual({ deploymentIds: '100' }));
  });

  it('a deployed process the engine cannot run is tagged 不可执行 and says why on hover', async () => {
    signIn();
    stubFetch({
      'GET /api/blade-flow/manager/list': pageOf([
        flowProcess(),
        flowProcess({ id: 'pool:1:101', key: 'pool', name: '供应商流程', executable: false, notExecutable: '未标记为可执行(isExecutable)' }),
      ]),
      'GET /api/blade-system/dict/dictionary': ok(flowDict),
    });
    renderPage(<ManagerPage />);
    const runnable = (await screen.findByText('leave')).closest('tr')!;
    expect(within(runnable).getByText('可执行')).toBeInTheDocument();
    const pool = screen.getByText('pool').closest('tr')!;
    const tag = within(pool).getByText('不可执行');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('未标记为可执行(isExecutable)')).toBeInTheDocument();
  });
});

describe('流程部署', () => {
  it('refuses other files, requires a category, and posts files + category + tenantIds as multipart', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/blade-system/dict/dictionary': ok(flowDict),
      'GET /api/blade-system/tenant/select': ok([{ id: '1', tenantId: '100000', tenantName: '示范动物园' }]),
      'POST /api/blade-flow/manager/deploy-upload': ok({}),
    });
    renderPage(<DeployPage />);
    const input = (await screen.findByTestId('deploy-pick')).closest('.ant-upload')!.querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['<definitions/>'], 'trip.bpmn20.xml'), new File(['x'], 'notes.txt')] } });
    expect(await screen.findByText('只能上传 .bpmn20.xml 或 .bpmn 文件')).toBeInTheDocument();
    expect(await screen.findByText('trip.bpmn20.xml')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('deploy-submit'));
    expect(await screen.findByText('请选择流程分类')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('流程分类'));
    fireEvent.click((await screen.findAllByTitle('请假流程')).at(-1)!);
    fireEvent.click(screen.getByTestId('deploy-submit'));
    await waitFor(() => expect(net.to('POST /api/blade-flow/manager/deploy-upload')).toHaveLength(1));
    const form = net.to('POST /api/blade-flow/manager/deploy-upload')[0]!.body as FormData;
    expect(form.get('category')).toBe('flow_1');
    expect(form.get('tenantIds')).toBe('');
    expect((form.getAll('files')[0] as File).name).toBe('trip.bpmn20.xml');
  });
});
