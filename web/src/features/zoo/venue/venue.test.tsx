import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import VenuePage from './venue.page';
import { clickRowAction } from '../../../test/row-action';

const LIST = 'GET /api/blade-zoo/venue/list';
const CONTACTS = 'GET /api/blade-zoo/venueContacts/list';
const venue = (id: string, parkId: string, parkName: string, venueName: string) =>
  wholeRow('GET /api/blade-zoo/venue/list', {
    id,
    tenantId: '100000',
    parkId,
    parkName,
    venueName,
    area: 1200,
    sort: 0,
    remark: '',
    cageCount: 2,
  });
const parkNode = (id: string, title: string) => ({ id, parentId: '0', title, key: id, value: id, type: 'park' });

function server() {
  const venues = [venue('21', '11', '主园区', '熊猫馆'), venue('22', '12', '北园', '鸟类区')];
  const contacts: unknown[] = [];
  return stubFetch({
    [LIST]: (req) => pageOf(req.query.parkId ? venues.filter((v) => v.parkId === req.query.parkId) : venues),
    'GET /api/blade-zoo/park/tree': ok([parkNode('11', '主园区'), parkNode('12', '北园')]),
    [CONTACTS]: () => pageOf(contacts),
    'POST /api/blade-zoo/venueContacts/submit': (req) => {
      contacts.push(
        wholeRow('GET /api/blade-zoo/venueContacts/list', {
          id: '41',
          venueId: '21',
          venueName: '熊猫馆',
          position: '',
          sort: 0,
          remark: '',
          ...(req.body as object),
        }),
      );
      return ok({});
    },
    'POST /api/blade-zoo/venue/submit': ok({}),
  });
}

const dialogs = () => screen.getAllByRole('dialog');
const top = () => dialogs().at(-1)!;

async function pickTree(label: string, title: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}

describe('venue page', { timeout: 90_000 }, () => {
  it('filters venues by park', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<VenuePage />);
    expect(await screen.findByText('鸟类区')).toBeInTheDocument();
    await pickTree('所属园区', '主园区');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query).toEqual({ current: '1', size: '10', parkId: '11' }));
    await waitFor(() => expect(screen.queryByText('鸟类区')).not.toBeInTheDocument());
  });

  it('adds a venue under the chosen park with its area defaulting to 0', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<VenuePage />);
    await screen.findByText('鸟类区');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    expect(within(top()).getByLabelText('面积(m²)')).toHaveValue('0');
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await within(top()).findByText('请选择园区')).toBeInTheDocument();
    expect(within(top()).getByText('请输入场馆名称')).toBeInTheDocument();
    await pickTree('所属园区', '北园', top());
    fireEvent.change(within(top()).getByLabelText('场馆名称'), { target: { value: '两栖馆' } });
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-zoo/venue/submit')[0]!.body).toEqual({ parkId: '12', venueName: '两栖馆', area: 0, sort: 0 });
  });

  it("keeps the contacts of a venue, with the spec's phone messages", async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<VenuePage />);
    const row = (await screen.findByText('熊猫馆')).closest('tr')!;
    await clickRowAction(row, '联系人');
    expect(await within(top()).findByText('场馆联系人 — 熊猫馆')).toBeInTheDocument();
    await waitFor(() => expect(net.to(CONTACTS)[0]!.query).toEqual({ current: '1', size: '10', venueId: '21' }));

    fireEvent.click(within(top()).getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(dialogs()).toHaveLength(2));
    fireEvent.change(within(top()).getByLabelText('姓名'), { target: { value: '李饲养' } });
    fireEvent.change(within(top()).getByLabelText('手机号码'), { target: { value: '1380000' } });
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await within(top()).findByText('手机号码长度不为11位')).toBeInTheDocument();
    fireEvent.change(within(top()).getByLabelText('手机号码'), { target: { value: '23800001111' } });
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await within(top()).findByText('手机号码格式不正确')).toBeInTheDocument();
    fireEvent.change(within(top()).getByLabelText('手机号码'), { target: { value: '13800001111' } });
    fireEvent.click(within(top()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-zoo/venueContacts/submit')[0]!.body).toEqual({ venueId: '21', contactName: '李饲养', phone: '13800001111', sort: 0 });
    expect(await screen.findByText('13800001111')).toBeInTheDocument();
  });
});
