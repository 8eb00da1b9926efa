import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import TaxonomyPage from './taxonomy.page';
import { clickRowAction } from '../../../test/row-action';

const LIST = 'GET /api/blade-taxonomy/taxonomy/list';
const taxon = (id: string, parentId: string, rank: number, nameCn: string, nameLatin: string, hasChildren: boolean) =>
  wholeRow('GET /api/blade-taxonomy/taxonomy/list', {
    id,
    parentId,
    parentName: '',
    rank,
    nameCn,
    nameLatin,
    sort: 0,
    source: '',
    remark: '',
    hasChildren,
  });
const RANKS: Array<[string, string]> = [
  ['1', '纲'],
  ['2', '目'],
  ['3', '科'],
  ['4', '属'],
  ['5', '种'],
  ['6', '亚种'],
];

function server() {
  const levels: Record<string, ReturnType<typeof taxon>[]> = {
    '0': [taxon('1', '0', 1, '哺乳纲', 'Mammalia', true)],
    '1': [taxon('2', '1', 2, '食肉目', 'Carnivora', false)],
  };
  return stubFetch({
    [LIST]: (req) => pageOf(req.query.nameCn ? [levels['1']![0]!] : (levels[req.query.parentId!] ?? [])),
    'GET /api/blade-taxonomy/taxonomy/tree': ok([
      { id: '1', parentId: '0', title: '哺乳纲', key: '1', value: '1', rank: 1, nameLatin: 'Mammalia', hasChildren: true },
    ]),
    'POST /api/blade-taxonomy/taxonomy/submit': (req) => {
      levels['1']!.push(taxon('3', '1', 2, (req.body as { nameCn: string }).nameCn, 'Primates', false));
      return ok({});
    },
    ...dictionaryRoute({ taxonomy_rank: RANKS }),
  });
}

const dialog = () => screen.getByRole('dialog');

describe('taxonomy page', { timeout: 120_000 }, () => {
  it('loads one level per call, expands a class, and searches every level', async () => {
    signIn();
    const net = server();
    renderPage(<TaxonomyPage />);
    const root = (await screen.findByText('哺乳纲')).closest('tr')!;
    expect(net.to(LIST)[0]!.query).toEqual({ size: '1000', parentId: '0' });
    expect(await within(root).findByText('纲')).toBeInTheDocument();
    expect(within(root).getByText('Mammalia')).toBeInTheDocument();
    fireEvent.click(root.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('食肉目')).toBeInTheDocument();
    expect(net.to(LIST).at(-1)!.query).toEqual({ size: '1000', parentId: '1' });

    fireEvent.change(screen.getByLabelText('中文名'), { target: { value: '食肉' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query).toEqual({ size: '1000', nameCn: '食肉' }));
    await waitFor(() => expect(screen.queryByText('哺乳纲')).not.toBeInTheDocument());
  });

  it('adds a child one rank below its parent, checking the Latin name', async () => {
    signIn();
    const net = server();
    renderPage(<TaxonomyPage />);
    const root = (await screen.findByText('哺乳纲')).closest('tr')!;
    await clickRowAction(root, '新增子项');
    await within(dialog()).findByTitle('哺乳纲');
    expect(await within(dialog()).findByTitle('目')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('中文名'), { target: { value: '灵长目' } });
    fireEvent.change(within(dialog()).getByLabelText('拉丁名'), { target: { value: '灵长' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(dialog()).findByText('拉丁名只能包含拉丁字母、空格和连字符')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('拉丁名'), { target: { value: 'Primates' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-taxonomy/taxonomy/submit')[0]!.body).toEqual({ parentId: '1', rank: 2, nameCn: '灵长目', nameLatin: 'Primates', sort: 0 });
  });
});
