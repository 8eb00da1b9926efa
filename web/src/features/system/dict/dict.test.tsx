import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DictPage from './dict.page';

const entry = (id: string, code: string, dictKey: string, dictValue: string, parentId: string, children?: unknown[]) => ({
  id,
  parentId,
  code,
  dictKey,
  dictValue,
  dictValueEn: '',
  sort: 1,
  remark: '',
  isSealed: 0,
  isDeleted: 0,
  parentName: '',
  children,
});
const ROOTS = [entry('1', 'sex', '-1', '性别', '0'), entry('2', 'post_category', '-1', '岗位类型', '0')];
const ITEMS: Record<string, unknown[]> = {
  '1': [entry('11', 'sex', '1', '男', '1'), entry('12', 'sex', '2', '女', '1')],
  '2': [entry('21', 'post_category', '1', '高层', '2', [entry('211', 'post_category', '11', '董事', '21')])],
};
const CHILD_LIST = 'GET /api/blade-system/dict/child-list';

function server() {
  return stubFetch({
    'GET /api/blade-system/dict/parent-list': pageOf(ROOTS),
    [CHILD_LIST]: (req) => ok(ITEMS[req.query.parentId!] ?? []),
    'POST /api/blade-system/dict/submit': ok({}),
  });
}

const items = () => screen.getByTestId('dict-items-title').closest('.ant-card') as HTMLElement;
const roots = () => screen.getByText('字典编号', { selector: 'th *, th' }).closest('.ant-card') as HTMLElement;
const dialog = () => screen.getByRole('dialog');

async function openPage() {
  signIn();
  const net = server();
  renderPage(<DictPage />);
  await screen.findByText('性别');
  return net;
}

describe('dictionary page', { timeout: 90_000 }, () => {
  it('shows the entries of the dictionary clicked, and follows the next click', async () => {
    const net = await openPage();
    expect(screen.getByText('请在字典列表中点击一个字典, 这里显示它的字典项')).toBeInTheDocument();
    expect(net.to(CHILD_LIST)).toHaveLength(0);
    // Sealed shows as 是/否.
    expect(within(screen.getByText('性别').closest('tr')!).getByText('否')).toBeInTheDocument();

    fireEvent.click(screen.getByText('性别'));
    expect(await within(items()).findByText('男')).toBeInTheDocument();
    expect(screen.getByTestId('dict-items-title')).toHaveTextContent('性别 (sex)');
    expect(net.to(CHILD_LIST).at(-1)!.query).toEqual({ parentId: '1' });

    fireEvent.click(within(screen.getByText('岗位类型').closest('tr')!).getByRole('button', { name: '字典配置' }));
    expect(await within(items()).findByText('高层')).toBeInTheDocument();
    expect(within(items()).queryByText('男')).not.toBeInTheDocument();
    expect(net.to(CHILD_LIST).at(-1)!.query).toEqual({ parentId: '2' });
  });

  it('adds an entry to the selected dictionary with its code and parent', async () => {
    const net = await openPage();
    fireEvent.click(screen.getByText('性别'));
    await within(items()).findByText('男');
    fireEvent.click(within(items()).getByRole('button', { name: 'plus 新增' }));
    expect(within(dialog()).getByLabelText('字典编号')).toHaveValue('sex');
    expect(within(dialog()).getByLabelText('字典编号')).toBeDisabled();
    fireEvent.change(within(dialog()).getByLabelText('字典名称'), { target: { value: '未知' } });
    fireEvent.change(within(dialog()).getByLabelText('字典键值'), { target: { value: '3' } });
    fireEvent.change(within(dialog()).getByLabelText('字典排序'), { target: { value: '3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/dict/submit')[0]!.body).toEqual({
      code: 'sex',
      parentId: '1',
      dictKey: '3',
      dictValue: '未知',
      sort: 3,
      isSealed: 0,
    });
  });

  it('refuses an empty dictionary with the contract’s messages in an 880 px dialog', async () => {
    const net = await openPage();
    fireEvent.click(within(roots()).getByRole('button', { name: /新增/ }));
    expect(dialog().closest('.ant-modal')).toHaveStyle({ width: '880px' });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(dialog()).findByText('请输入字典编号')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入字典名称')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入字典排序')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/dict/submit')).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('字典编号'), { target: { value: 'habitat' } });
    fireEvent.change(within(dialog()).getByLabelText('字典名称'), { target: { value: '栖息地' } });
    fireEvent.change(within(dialog()).getByLabelText('字典排序'), { target: { value: '9' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    await screen.findByText('新增成功');
    expect(net.to('POST /api/blade-system/dict/submit')[0]!.body).toEqual({
      code: 'habitat',
      dictValue: '栖息地',
      sort: 9,
      isSealed: 0,
      parentId: '0',
      dictKey: '-1',
    });
  });
});
