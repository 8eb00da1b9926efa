import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import CageDetailPage from './cage-detail.page';
import { cageRow } from '../shared/cage-row.fixture';

const cage = cageRow({ cameraUrl: 'rtsp://cam.zoo.local/pd01', remark: '室外活动场带水池', animalCount: 2, populationQuantity: 5 });
const animal = (id: string, localNo: string, animalName: string, sex: number) =>
  wholeRow('GET /api/zoo-cageAnimal/cageAnimal/list', {
    id,
    localNo,
    animalName,
    sex,
    speciesName: '大熊猫',
    latinName: 'Ailuropoda melanoleuca',
    birthDate: '2015-07-20 00:00:00',
    breederName: '王饲养',
  });
const ATTACH = 'GET /api/zoo-biz-attach/bizAttach/list';

function server() {
  const photos: unknown[] = [];
  return stubFetch({
    'GET /api/zoo-cage/cage/detail': ok(cage),
    'GET /api/zoo-cageAnimal/cageAnimal/list': pageOf([animal('71', 'P001', '美美', 2), animal('72', 'P003', '乐乐', 1)]),
    'GET /api/zoo-cage-population/cagePopulation/list': pageOf([
      wholeRow('GET /api/zoo-cage-population/cagePopulation/list', {
        id: '81',
        populationName: '竹林种群',
        speciesName: '梅花鹿',
        maleQuantity: 1,
        femaleQuantity: 3,
        theyQuantity: 1,
        totalQuantity: 5,
      }),
    ]),
    'GET /api/zoo-cage/cageBreeder/list': pageOf([
      wholeRow('GET /api/zoo-cage/cageBreeder/list', { id: '61', cageId: '31', userId: '501', account: 'keeper1', realName: '王饲养', remark: '' }),
    ]),
    [ATTACH]: () => pageOf(photos),
    'POST /api/blade-resource/oss/endpoint/put-file-attach': ok({
      link: '/api/blade-resource/oss/endpoint/file/ab12.png',
      domain: '',
      name: 'ab12.png',
      originalName: 'pd01.png',
      attachId: '91',
    }),
    'POST /api/zoo-biz-attach/bizAttach/submit': (req) => {
      photos.push(wholeRow('GET /api/zoo-biz-attach/bizAttach/list', { id: '92', bizType: 'cage', bizId: '31', remark: '', ...(req.body as object) }));
      return ok({});
    },
    'GET /api/blade-log/audit/history': pageOf([
      {
        id: '5',
        tenantId: '100000',
        tableName: 'zoo_cage',
        resource: 'cage',
        title: '笼舍',
        recordId: '31',
        action: 'update',
        userId: '1',
        userName: '园区管理员',
        deptId: '',
        actorTenantId: '100000',
        clientIp: '',
        requestId: '',
        reason: '',
        changes: [{ field: 'capacity', before: 4, after: 6 }],
        createTime: '2026-11-23 09:00:00',
      },
    ]),
    ...dictionaryRoute({
      cage_type: [['3', '室内外结合']],
      animal_sex: [
        ['1', '雄'],
        ['2', '雌'],
        ['3', '未知'],
      ],
    }),
  });
}

function renderCard(path = '/cage/detail/31') {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cage/detail/:cageId" element={<CageDetailPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('cage card', { timeout: 120_000 }, () => {
  it('shows the cage facts and the animals in it, then its populations, keepers and 变更记录', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderCard();
    expect(await screen.findByText('笼舍详情 — 大熊猫1号舍 (PD-01)')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-cage/cage/detail')[0]!.query).toEqual({ id: '31' });
    const facts = screen.getByTestId('cage-facts');
    expect(within(facts).getByText('熊猫馆')).toBeInTheDocument();
    expect(await within(facts).findByText('室内外结合')).toBeInTheDocument();
    expect(within(facts).getByText('室外活动场带水池')).toBeInTheDocument();

    const meimei = (await screen.findByText('美美')).closest('tr')!;
    expect(within(meimei).getByText('P001')).toBeInTheDocument();
    expect(within(meimei).getByText('2015-07-20')).toBeInTheDocument();
    expect(await within(meimei).findByText('雌')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-cageAnimal/cageAnimal/list')[0]!.query).toEqual({ current: '1', size: '10', cageId: '31' });

    fireEvent.click(screen.getByRole('tab', { name: '种群' }));
    const group = (await screen.findByText('竹林种群')).closest('tr')!;
    expect(within(group).getByText('梅花鹿')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-cage-population/cagePopulation/list')[0]!.query).toEqual({ current: '1', size: '10', cageId: '31' });

    fireEvent.click(screen.getByRole('tab', { name: '饲养员' }));
    expect(await screen.findByText('keeper1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '变更记录' }));
    const entry = await screen.findByTestId('history-entry');
    expect(net.to('GET /api/blade-log/audit/history')[0]!.query).toMatchObject({ table: 'zoo_cage', id: '31' });
    expect(within(entry).getByTestId('change-line').textContent).toBe('容量: 4 → 6');
  });

  it('uploads a photo through put-file-attach and hangs it on the cage', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    const { container } = renderCard();
    await screen.findByText('笼舍详情 — 大熊猫1号舍 (PD-01)');
    fireEvent.click(screen.getByRole('tab', { name: '照片' }));
    expect(await screen.findByText('暂无照片')).toBeInTheDocument();
    expect(net.to(ATTACH)[0]!.query).toEqual({ bizType: 'cage', bizId: '31', current: '1', size: '100' });

    const input = container.querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'pd01.png', { type: 'image/png' })] } });
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    const upload = net.to('POST /api/blade-resource/oss/endpoint/put-file-attach')[0]!;
    expect(upload.headers['blade-auth']).toBe('bearer access-1');
    expect(net.to('POST /api/zoo-biz-attach/bizAttach/submit')[0]!.body).toEqual({
      bizType: 'cage',
      bizId: '31',
      attachId: '91',
      link: '/api/blade-resource/oss/endpoint/file/ab12.png',
      originalName: 'pd01.png',
    });
    await waitFor(() => expect(screen.getAllByTestId('cage-photo')).toHaveLength(1));
    expect(screen.getByAltText('pd01.png')).toBeInTheDocument();
  });
});
