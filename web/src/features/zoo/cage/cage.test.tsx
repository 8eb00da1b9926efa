import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import CagePage from './cage.page';
import { cageRow } from '../shared/cage-row.fixture';
import { clickRowAction, rowActionNames } from '../../../test/row-action';

const LIST = 'GET /api/zoo-cage/cage/list';
const VENUES = 'GET /api/blade-zoo/venue/tree';
const BREEDERS = 'GET /api/zoo-cage/cageBreeder/list';
const cage = cageRow();
const node = (id: string, parentId: string, title: string, type: string) => ({ id, parentId, title, key: id, value: id, type });

function server() {
  const breeders: unknown[] = [];
  return stubFetch({
    [LIST]: () => pageOf([cage]),
    'GET /api/blade-zoo/park/tree': ok([node('11', '0', '主园区', 'park'), node('12', '0', '北园', 'park')]),
    [VENUES]: (req) => ok(req.query.parkId === '11' ? [node('21', '11', '熊猫馆', 'venue')] : [node('22', '12', '鸟类区', 'venue')]),
    'POST /api/zoo-cage/cage/submit': ok({}),
    [BREEDERS]: () => pageOf(breeders),
    'GET /api/blade-user/user-list': ok([wholeRow('GET /api/blade-user/user-list', { id: '501', account: 'keeper1', name: '王', realName: '王饲养' })]),
    'POST /api/zoo-cage/cageBreeder/submit': (req) => {
      breeders.push(
        wholeRow('GET /api/zoo-cage/cageBreeder/list', { id: '61', cageId: '31', account: 'keeper1', realName: '王饲养', remark: '', ...(req.body as object) }),
      );
      return ok({});
    },
    ...dictionaryRoute({
      cage_type: [
        ['1', '室内'],
        ['2', '室外'],
        ['3', '室内外结合'],
      ],
    }),
  });
}

const dialogs = () => screen.getAllByRole('dialog');
const top = () => dialogs().at(-1)!;
async function pick(scope: HTMLElement, label: string, title: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}

describe('cage page', { timeout: 120_000 }, () => {
  it('lists cages by park with their type, occupancy and a 详情 action', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<CagePage />);
    const row = (await screen.findByText('大熊猫1号舍')).closest('tr')!;
    expect(await within(row).findByText('室内外结合')).toBeInTheDocument();
    expect(await rowActionNames(row)).toContain('详情');
    expect(within(row).getByRole('button', { name: '饲养员' })).toBeInTheDocument();
    await pick(document.body, '所属园区', '主园区');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query).toEqual({ current: '1', size: '10', parkId: '11' }));
  });

  it('reloads venue choices when the park changes and submits the cage with numbers defaulting to 0', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<CagePage />);
    await screen.findByText('大熊猫1号舍');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const form = top();
    expect(within(form).getByLabelText('面积(m²)')).toHaveValue('0');
    expect(within(form).getByLabelText('容量')).toHaveValue('0');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请选择场馆')).toBeInTheDocument();
    expect(within(form).getByText('请输入笼舍编号')).toBeInTheDocument();

    await pick(form, '所属园区', '主园区');
    await waitFor(() => expect(net.to(VENUES).at(-1)!.query).toEqual({ parkId: '11' }));
    await pick(form, '所属场馆', '熊猫馆');
    // Another park: the venue is cleared and its venues are loaded.
    await pick(form, '所属园区', '北园');
    await waitFor(() => expect(net.to(VENUES).at(-1)!.query).toEqual({ parkId: '12' }));
    await waitFor(() => expect(within(form).queryByTitle('熊猫馆')).not.toBeInTheDocument());
    await pick(form, '所属场馆', '鸟类区');

    fireEvent.change(within(form).getByLabelText('笼舍编号'), { target: { value: 'BD 03' } });
    fireEvent.change(within(form).getByLabelText('笼舍名称'), { target: { value: '鹦鹉笼' } });
    fireEvent.change(within(form).getByLabelText('监控视频地址'), { target: { value: 'not a url' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('笼舍编号只能包含字母、数字、下划线和连字符')).toBeInTheDocument();
    expect(within(form).getByText('监控视频地址不是有效的URL (支持 http、https、rtsp、rtmp、ws、wss)')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('笼舍编号'), { target: { value: 'BD-03' } });
    fireEvent.change(within(form).getByLabelText('监控视频地址'), { target: { value: 'rtsp://cam.zoo.local/bd03' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-cage/cage/submit')[0]!.body).toEqual({
      venueId: '22',
      cageCode: 'BD-03',
      cageName: '鹦鹉笼',
      cageType: 1,
      area: 0,
      capacity: 0,
      cameraUrl: 'rtsp://cam.zoo.local/bd03',
      sort: 0,
    });
  });

  it('assigns a keeper to a cage', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<CagePage />);
    const row = (await screen.findByText('大熊猫1号舍')).closest('tr')!;
    await clickRowAction(row, '饲养员');
    expect(await within(top()).findByText('笼舍饲养员 — 大熊猫1号舍 (PD-01)')).toBeInTheDocument();
    await waitFor(() => expect(net.to(BREEDERS)[0]!.query).toEqual({ current: '1', size: '10', cageId: '31' }));
    fireEvent.click(within(top()).getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(dialogs()).toHaveLength(2));
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await within(top()).findByText('请选择饲养员')).toBeInTheDocument();
    await pick(top(), '饲养员', '王饲养 (keeper1)');
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-cage/cageBreeder/submit')[0]!.body).toEqual({ cageId: '31', userId: '501' });
    expect(await screen.findByText('keeper1')).toBeInTheDocument();
  });
});
