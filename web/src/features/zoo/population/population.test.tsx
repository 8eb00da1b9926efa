import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import PopulationPage from './population.page';

const flock = {
  id: '61', tenantId: '100000', speciesId: '13', speciesName: '猕猴', latinName: 'Macaca mulatta', cageId: '302', cageCode: 'PR-02', cageName: '猕猴山',
  venueName: '灵长类馆', populationName: '猕猴群', maleQuantity: 8, femaleQuantity: 15, theyQuantity: 4, totalQuantity: 27, remark: '',
  status: 1, createTime: '', updateTime: '', isDeleted: 0,
};
const cage = (id: string, cageCode: string, cageName: string, venueName: string) => ({ id, cageCode, cageName, venueId: '501', venueName });

describe('population page', { timeout: 180_000 }, () => {
  it('lists populations as M.F.U and adds one with counts defaulting to 0', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-population/population/list': pageOf([flock]),
      'POST /api/zoo-population/population/submit': ok({ id: '62' }),
      'GET /api/zoo-species/species/select': ok([{ id: '13', speciesName: '猕猴', latinName: 'Macaca mulatta', managementMode: 2, licenceState: 'valid' }]),
      'GET /api/zoo-cage/cage/species': ok([cage('302', 'PR-02', '猕猴山', '灵长类馆')]),
      'GET /api/zoo-cage/cage/select': ok([cage('302', 'PR-02', '猕猴山', '灵长类馆'), cage('309', 'HB-01', '鹿苑', '食草动物区')]),
    });
    renderPage(<PopulationPage />);
    const row = (await screen.findByText('猕猴群')).closest('tr')!;
    expect(within(row).getByText('27 (8.15.4)')).toBeInTheDocument();
    expect(within(row).getByText('PR-02 猕猴山')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('雄性数量')).toHaveValue('0');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择笼舍')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByLabelText('物种'));
    fireEvent.click((await screen.findAllByTitle('猕猴 (Macaca mulatta)')).at(-1)!);
    await waitFor(() => expect(net.to('GET /api/zoo-cage/cage/species')[0]?.query).toEqual({ speciesId: '13' }));
    fireEvent.mouseDown(within(dialog).getByLabelText('笼舍'));
    fireEvent.click((await screen.findAllByTitle('PR-02 猕猴山 · 灵长类馆')).at(-1)!);
    fireEvent.change(within(dialog).getByLabelText('种群名称'), { target: { value: '第二群' } });
    fireEvent.change(within(dialog).getByLabelText('雌性数量'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-population/population/submit')[0]!.body).toEqual({
      speciesId: '13', cageId: '302', populationName: '第二群', maleQuantity: 0, femaleQuantity: 3, theyQuantity: 0,
    });
  });
});
