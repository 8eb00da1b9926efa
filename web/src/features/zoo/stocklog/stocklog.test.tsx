import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import StockLogPage from './stocklog.page';

const cage = (id: string, cageCode: string, cageName: string) => ({ id, cageCode, cageName, venueId: '501', venueName: '食草动物区' });
const exportRow = wholeRow('GET /api/zoo-stockLog/stockLog/list', {
  id: '901',
  tenantId: '100000',
  movementType: 'export',
  animalType: 2,
  speciesId: '13',
  speciesName: '梅花鹿',
  animalId: '',
  localNo: '',
  animalName: '',
  populationId: '61',
  toPopulationId: '',
  fromCageId: '309',
  fromCageName: 'HB-01 鹿苑',
  toCageId: '',
  toCageName: '',
  maleQuantity: 1,
  femaleQuantity: 0,
  theyQuantity: 0,
  totalQuantity: 1,
  fromBefore: '4.10.2',
  fromAfter: '3.10.2',
  toBefore: '',
  toAfter: '',
  statusBefore: '',
  statusAfter: '',
  eventDate: '2026-09-15 09:30:00',
  typeKey: '2',
  counterpart: '某生态园',
  price: '',
  backDate: '',
  permitNo: '',
  reason: '',
  images: '',
  remark: '出售多余雄鹿',
  reversedId: '',
  reversalId: '',
  createUser: '1',
  createUserName: '园区管理员',
  createTime: '2026-09-15 09:30:00',
});

describe('stock ledger page', { timeout: 180_000 }, () => {
  it('lists movements with their stock before/after and registers a population death with the counts', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-stockLog/stockLog/list': pageOf([exportRow]),
      'POST /api/zoo-stockLog/stockLog/die_enroll': ok({ ids: ['902'], animalIds: [] }),
      'GET /api/zoo-species/species/select': ok([{ id: '13', speciesName: '梅花鹿', latinName: 'Cervus nippon', managementMode: 2, licenceState: 'valid' }]),
      'GET /api/zoo-cage/cage/species': ok([cage('309', 'HB-01', '鹿苑')]),
      'GET /api/zoo-cage/cage/select': ok([cage('309', 'HB-01', '鹿苑')]),
      'GET /api/zoo-animal/animal/species': ok([]),
      ...dictionaryRoute({
        export_type: [['2', '出售']],
        die_type: [
          ['1', '自然死亡'],
          ['2', '疾病死亡'],
        ],
        animal_sex: [['3', '未知']],
      }),
    });
    renderPage(<StockLogPage />);
    const row = (await screen.findByText('某生态园')).closest('tr')!;
    expect(within(row).getByText('输出')).toBeInTheDocument();
    expect(within(row).getByText('4.10.2 → 3.10.2')).toBeInTheDocument();
    expect(within(row).getByText('1.0.0')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '撤销' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '死亡登记' }));
    const dialog = await screen.findByRole('dialog');
    // Individual management (the default): the animal pick, no cage, no counts.
    expect(within(dialog).getByLabelText('个体')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('雄性数量')).toBeNull();
    expect(within(dialog).queryByLabelText('笼舍')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择物种')).toBeInTheDocument();

    // Population management: cage and the three counts (0 by default), no animal pick.
    fireEvent.click(within(dialog).getByText('种群管理'));
    await waitFor(() => expect(within(dialog).getByLabelText('雄性数量')).toHaveValue('0'));
    expect(within(dialog).queryByLabelText('个体')).toBeNull();
    await chooseOption(dialog, '物种', '梅花鹿 (Cervus nippon)');
    await waitFor(() => expect(net.to('GET /api/zoo-cage/cage/species')[0]?.query).toEqual({ speciesId: '13' }));
    await chooseOption(dialog, '笼舍', 'HB-01 鹿苑 · 食草动物区');
    await chooseOption(dialog, '死亡类型', '疾病死亡');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('雄性、雌性、性别不明数量不能全部为0')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('雌性数量'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-stockLog/stockLog/die_enroll')[0]!.body).toMatchObject({
      animalType: 2,
      speciesId: '13',
      cageId: '309',
      maleQuantity: 0,
      femaleQuantity: 2,
      theyQuantity: 0,
      dieType: 2,
    });
  });
});
