import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import AnimalDetailPage from './animal-detail.page';

const flag = (id: string, type: number, code: string, version: number, current: boolean, prefixMeaning = '') =>
  wholeRow('GET /api/zoo-animal/animalFlag/list', {
    id,
    tenantId: '100000',
    animalId: '203',
    localNo: 'P003',
    animalName: '乐乐',
    type,
    code,
    version,
    isoCompliant: '',
    prefix: '',
    prefixMeaning,
    issueDate: '',
    issuer: '',
    voidTime: current ? '' : '2026-02-01 10:00:00',
    voidReason: current ? '' : '换发新版本',
    current,
    remark: '',
    status: 1,
    createTime: '',
    updateTime: '',
    isDeleted: 0,
  });

const movement = (id: string, movementType: string, eventDate: string, more: Record<string, unknown>) =>
  wholeRow('GET /api/zoo-stockLog/stockLog/timeline', {
    id,
    tenantId: '100000',
    movementType,
    animalType: 1,
    speciesId: '11',
    speciesName: '大熊猫',
    animalId: '203',
    localNo: 'P003',
    animalName: '乐乐',
    populationId: '',
    toPopulationId: '',
    fromCageId: '',
    fromCageName: '',
    toCageId: '',
    toCageName: '',
    maleQuantity: 1,
    femaleQuantity: 0,
    theyQuantity: 0,
    totalQuantity: 1,
    fromBefore: '',
    fromAfter: '',
    toBefore: '',
    toAfter: '',
    statusBefore: 1,
    statusAfter: 1,
    eventDate,
    typeKey: '',
    counterpart: '',
    price: '',
    backDate: '',
    permitNo: '',
    reason: '',
    images: '',
    remark: '',
    reversedId: '',
    reversalId: '',
    createUser: '1',
    createUserName: '管理员',
    createTime: eventDate,
    ...more,
  });

describe('animal detail page', { timeout: 120_000 }, () => {
  it('shows identity, parents as links, flags with voided versions, photos, the movement timeline and the 变更记录', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-animal/animal/detail': ok(
        wholeRow('GET /api/zoo-animal/animal/detail', {
          id: '203',
          tenantId: '100000',
          speciesId: '11',
          speciesName: '大熊猫',
          latinName: 'Ailuropoda melanoleuca',
          localNo: 'P003',
          animalName: '乐乐',
          sex: 1,
          birthDate: '2015-07-01 00:00:00',
          birthPrecision: 2,
          origin: 1,
          sireId: '201',
          sireMark: '',
          sireName: '阳阳 (P002)',
          damId: '',
          damMark: 'WILD',
          damName: '',
          cageId: '301',
          cageCode: 'PD-01',
          cageName: '大熊猫1号舍',
          breederId: '',
          breederName: '李饲养',
          photos: '/api/blade-resource/oss/endpoint/file/a.jpg',
          remark: '',
          status: 1,
          createTime: '2026-01-05 09:00:00',
          updateTime: '',
          isDeleted: 0,
        }),
      ),
      'GET /api/zoo-studbook/studbook/animal': ok({ animalId: '203', speciesId: '2', f: 0.125, mk: 0.21, rank: 2, known: 1, living: 6 }),
      'GET /api/zoo-animal/animalFlag/list': pageOf([
        flag('402', 4, 'ZY-0001', 1, false),
        flag('403', 4, 'ZY-0002', 2, true),
        flag('401', 1, '156000000000001', 1, true, '中国 (ISO 3166 国家代码 156)'),
      ]),
      'GET /api/zoo-biz-attach/bizAttach/list': pageOf([
        wholeRow('GET /api/zoo-biz-attach/bizAttach/list', { id: '81', link: '/api/blade-resource/oss/endpoint/file/b.jpg', originalName: 'b.jpg' }),
      ]),
      'GET /api/blade-log/audit/history': pageOf([
        {
          id: '9001',
          tenantId: '100000',
          tableName: 'zoo_animal',
          resource: 'animal',
          title: '动物个体',
          recordId: '203',
          action: 'update',
          userId: '12',
          userName: '园区管理员',
          deptId: '',
          actorTenantId: '100000',
          clientIp: '',
          requestId: '',
          reason: '',
          changes: [{ field: 'animalName', before: '乐', after: '乐乐' }],
          createTime: '2026-11-23 10:15:00',
        },
      ]),
      // The 繁殖 card (decision 0042): one offspring.
      'GET /api/zoo-breeding/animal': ok({
        oestrus: [],
        events: [],
        pregnancies: [],
        litters: [],
        offspring: [{ id: '209', localNo: 'P009', animalName: '小乐', sex: 2, birthDate: '2024-08-01', status: 1 }],
        contraception: [],
      }),
      'GET /api/zoo-medical/timeline': pageOf([
        wholeRow('GET /api/zoo-medical/timeline', { kind: 'lab', id: '901', at: '2026-03-02 00:00:00', title: 'WBC 20 10^9/L', detail: '园内化验室', flag: 1 }),
        wholeRow('GET /api/zoo-medical/timeline', { kind: 'log', id: '902', at: '2026-03-01 08:30:00', title: '3', detail: '左后肢跛行', flag: 1 }),
        wholeRow('GET /api/zoo-medical/timeline', {
          kind: 'audit',
          id: '903',
          at: '2026-03-01 07:00:00',
          title: 'delete',
          detail: 'is_deleted',
          subject: 'lab',
        }),
      ]),
      'GET /api/zoo-stockLog/stockLog/timeline': ok([
        movement('501', 'born', '2015-07-01 00:00:00', { toCageName: 'PD-00 育幼室', toBefore: '0.0.0', toAfter: '1.0.0' }),
        movement('502', 'move', '2026-03-02 00:00:00', { fromCageName: 'PD-00 育幼室', toCageName: 'PD-02 大熊猫2号舍', remark: '换舍' }),
      ]),
      ...dictionaryRoute({
        animal_sex: [['1', '雄']],
        flag_type: [
          ['1', '芯片'],
          ['4', '专用标识'],
        ],
        birth_precision: [['2', '精确到月']],
      }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/animal/detail/203']}>
          <Routes>
            <Route path="/animal/detail/:id" element={<AnimalDetailPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('个体详情 · P003 乐乐')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-animal/animalFlag/list')[0]!.query).toMatchObject({ animalId: '203' });
    expect(net.to('GET /api/zoo-biz-attach/bizAttach/list')[0]!.query).toMatchObject({ bizType: 'animal', bizId: '203' });
    expect(screen.getByRole('link', { name: '阳阳 (P002)' })).toHaveAttribute('href', '/animal/detail/201');
    expect(screen.getByText('野外 (WILD)')).toBeInTheDocument();
    expect(screen.getByText('2015-07')).toBeInTheDocument();
    expect(screen.getByText('PD-01 大熊猫1号舍')).toBeInTheDocument();

    const voided = (await screen.findByText('ZY-0001')).closest('tr')!;
    expect(within(voided).getByText('已作废 2026-02-01 10:00:00')).toBeInTheDocument();
    expect(within(voided).getByText('换发新版本')).toBeInTheDocument();
    expect(within(screen.getByText('ZY-0002').closest('tr')!).getByText('当前有效')).toBeInTheDocument();
    expect(screen.getByText('中国 (ISO 3166 国家代码 156)')).toBeInTheDocument();

    // The photos (icons of the medical tabs' pager are images too).
    expect((await screen.findAllByRole('img')).filter((e) => e.tagName === 'IMG')).toHaveLength(2);
    expect(net.to('GET /api/zoo-stockLog/stockLog/timeline')[0]!.query).toEqual({ animalId: '203' });
    expect(await within(await screen.findByTestId('animal-breeding')).findByText('后代 (1)')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-breeding/animal')[0]!.query).toEqual({ animalId: '203' });
    // The 医疗 tab: the merged timeline, paged on the server; the keeper log's health mark in words.
    expect(await screen.findByText('WBC 20 10^9/L')).toBeInTheDocument();
    expect(screen.getByText('健康状况: 异常')).toBeInTheDocument();
    // A medical record's removal names the record it removed.
    expect(screen.getByText('删除 · 检验')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-medical/timeline')[0]!.query).toMatchObject({ animalId: '203', current: '1', size: '20' });
    // The studbook figures (decision 0037).
    expect(await screen.findByText('0.1250')).toBeInTheDocument();
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
    expect(await screen.findByText('2015-07-01')).toBeInTheDocument();
    expect(screen.getByText('出生')).toBeInTheDocument();
    expect(screen.getByText('迁移')).toBeInTheDocument();
    expect(screen.getByText('PD-00 育幼室 → PD-02 大熊猫2号舍')).toBeInTheDocument();
    expect(screen.getByText('换舍')).toBeInTheDocument();

    // 变更记录 of this animal.
    expect(net.to('GET /api/blade-log/audit/history')[0]!.query).toMatchObject({ table: 'zoo_animal', id: '203' });
    const entry = await screen.findByTestId('history-entry');
    expect(within(entry).getByText('园区管理员')).toBeInTheDocument();
    expect(within(entry).getByTestId('change-line').textContent).toBe('名字: 乐 → 乐乐');
  });

  it('shows a population (type=2): registry data, its species per cage and sex, the movement timeline and its 变更记录', async () => {
    signIn();
    const pop = (id: string, cageCode: string, cageName: string, m: number, f: number, u: number) =>
      wholeRow('GET /api/zoo-population/population/detail', {
        id,
        tenantId: '100000',
        speciesId: '13',
        speciesName: '梅花鹿',
        latinName: 'Cervus nippon',
        cageId: `3${id}`,
        cageCode,
        cageName,
        venueName: '食草动物区',
        populationName: id === '61' ? '鹿群' : '',
        maleQuantity: m,
        femaleQuantity: f,
        theyQuantity: u,
        totalQuantity: m + f + u,
        remark: '年度盘点',
        status: 1,
        createTime: '',
        updateTime: '',
        isDeleted: 0,
      });
    const net = stubFetch({
      'GET /api/zoo-population/population/detail': ok(pop('61', 'HB-01', '鹿苑', 3, 10, 2)),
      'GET /api/zoo-population/population/species': ok([
        pop('61', 'HB-01', '鹿苑', 3, 10, 2),
        pop('62', 'HB-02', '鹿苑二区', 1, 4, 0),
        pop('63', 'HB-03', '空舍', 0, 0, 0),
      ]),
      'GET /api/blade-log/audit/history': pageOf([
        {
          id: '9002',
          tenantId: '100000',
          tableName: 'zoo_population',
          resource: 'population',
          title: '种群',
          recordId: '61',
          action: 'update',
          userId: '12',
          userName: '园区管理员',
          deptId: '',
          actorTenantId: '100000',
          clientIp: '',
          requestId: '',
          reason: '',
          changes: [{ field: 'populationName', before: '鹿', after: '鹿群' }],
          createTime: '2026-11-23 10:15:00',
        },
      ]),
      'GET /api/zoo-stockLog/stockLog/timeline': ok([
        movement('511', 'import', '2026-01-02 00:00:00', {
          animalType: 2,
          animalId: '',
          toPopulationId: '61',
          toCageName: 'HB-01 鹿苑',
          toBefore: '0.0.0',
          toAfter: '3.10.3',
          counterpart: '某动物园',
        }),
        movement('512', 'die', '2026-05-02 00:00:00', {
          animalType: 2,
          animalId: '',
          populationId: '61',
          fromCageName: 'HB-01 鹿苑',
          fromBefore: '3.10.3',
          fromAfter: '3.10.2',
        }),
      ]),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/animal/detail/61?type=2']}>
          <Routes>
            <Route path="/animal/detail/:id" element={<AnimalDetailPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('种群详情 · 鹿群 HB-01')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-animal/animal/detail')).toHaveLength(0);
    expect(net.to('GET /api/zoo-population/population/detail')[0]!.query).toEqual({ id: '61' });
    expect(screen.getByTestId('population-stock').textContent).toBe('15 (3.10.2)');
    // The species per cage: this one highlighted, another a link, an empty cage left out.
    await waitFor(() => expect(net.to('GET /api/zoo-population/population/species')[0]?.query).toEqual({ speciesId: '13' }));
    const other = (await screen.findByRole('link', { name: 'HB-02 鹿苑二区' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'HB-02 鹿苑二区' })).toHaveAttribute('href', '/animal/detail/62?type=2');
    expect(within(other).getByText('5')).toBeInTheDocument();
    expect(screen.queryByText('HB-03 空舍')).toBeNull();

    expect(net.to('GET /api/zoo-stockLog/stockLog/timeline')[0]!.query).toEqual({ populationId: '61' });
    expect(await screen.findByText('2026-05-02')).toBeInTheDocument();
    expect(screen.getByText('引进')).toBeInTheDocument();
    expect(screen.getByText('死亡')).toBeInTheDocument();
    expect(screen.getByText('3.10.3 → 3.10.2')).toBeInTheDocument();

    expect(net.to('GET /api/blade-log/audit/history')[0]!.query).toMatchObject({ table: 'zoo_population', id: '61' });
    const entry = await screen.findByTestId('history-entry');
    expect(within(entry).getByTestId('change-line').textContent).toBe('种群名称: 鹿 → 鹿群');
  });
});
