import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { dictionaryRoute } from '../../../test/dict-stub';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import PopulationPage from './population.page';

const flock = wholeRow('GET /api/zoo-population/population/list', {
  id: '61',
  tenantId: '100000',
  speciesId: '13',
  speciesName: '猕猴',
  latinName: 'Macaca mulatta',
  cageId: '302',
  cageCode: 'PR-02',
  cageName: '猕猴山',
  venueName: '灵长类馆',
  populationName: '猕猴群',
  maleQuantity: 8,
  femaleQuantity: 15,
  theyQuantity: 4,
  totalQuantity: 27,
  remark: '',
  status: 1,
  createTime: '',
  updateTime: '',
  isDeleted: 0,
});
const cage = (id: string, cageCode: string, cageName: string, venueName: string) => ({ id, cageCode, cageName, venueId: '501', venueName });

describe('population page', { timeout: 180_000 }, () => {
  it('lists populations as M.F.U with a link to the detail; 新增 registers an import of counts (defaulting to 0)', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-population/population/list': pageOf([flock]),
      'POST /api/zoo-population/population/submit': ok({ id: '62' }),
      'POST /api/zoo-stockLog/stockLog/import_enroll': ok({ ids: ['903'], animalIds: [] }),
      'GET /api/zoo-species/species/select': ok([{ id: '13', speciesName: '猕猴', latinName: 'Macaca mulatta', managementMode: 2, licenceState: 'valid' }]),
      'GET /api/zoo-cage/cage/species': ok([cage('302', 'PR-02', '猕猴山', '灵长类馆')]),
      'GET /api/zoo-cage/cage/select': ok([cage('302', 'PR-02', '猕猴山', '灵长类馆'), cage('309', 'HB-01', '鹿苑', '食草动物区')]),
      'GET /api/zoo-animal/animal/species': ok([]),
      ...dictionaryRoute({
        import_type: [
          ['1', '动物园间引进'],
          ['6', '其他'],
        ],
        animal_sex: [['3', '未知']],
      }),
    });
    renderPage(<PopulationPage />);
    const row = (await screen.findByText('猕猴群')).closest('tr')!;
    expect(within(row).getByText('27 (8.15.4)')).toBeInTheDocument();
    expect(within(row).getByText('PR-02 猕猴山')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '猕猴群' })).toHaveAttribute('href', '/animal/detail/61?type=2');

    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增 · 选择登记方式');
    fireEvent.click(screen.getByRole('button', { name: /引进登记/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('雄性数量')).toHaveValue('0'));
    expect(within(dialog).queryByLabelText('个体')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择物种')).toBeInTheDocument();

    await chooseOption(dialog, '物种', '猕猴 (Macaca mulatta)');
    await waitFor(() => expect(net.to('GET /api/zoo-cage/cage/species')[0]?.query).toEqual({ speciesId: '13' }));
    await chooseOption(dialog, '笼舍', 'PR-02 猕猴山 · 灵长类馆');
    await chooseOption(dialog, '引进类型', '动物园间引进');
    fireEvent.change(within(dialog).getByLabelText('来源单位'), { target: { value: '某动物园' } });
    fireEvent.change(within(dialog).getByLabelText('雌性数量'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-stockLog/stockLog/import_enroll')[0]!.body).toMatchObject({
      animalType: 2,
      speciesId: '13',
      cageId: '302',
      maleQuantity: 0,
      femaleQuantity: 3,
      theyQuantity: 0,
      importType: 1,
      source: '某动物园',
    });
    expect(net.to('POST /api/zoo-population/population/submit')).toHaveLength(0);
  });
});
