import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import AnimalDetailPage from './animal-detail.page';

const flag = (id: string, type: number, code: string, version: number, current: boolean, prefixMeaning = '') => ({
  id, tenantId: '100000', animalId: '203', localNo: 'P003', animalName: '乐乐', type, code, version, isoCompliant: '', prefix: '', prefixMeaning,
  issueDate: '', issuer: '', voidTime: current ? '' : '2026-02-01 10:00:00', voidReason: current ? '' : '换发新版本', current, remark: '',
  status: 1, createTime: '', updateTime: '', isDeleted: 0,
});

describe('animal detail page', { timeout: 120_000 }, () => {
  it('shows identity, parents as links, flags with voided versions, photos, the movement placeholder and the 变更记录', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-animal/animal/detail': ok({
        id: '203', tenantId: '100000', speciesId: '11', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', localNo: 'P003', animalName: '乐乐',
        sex: 1, birthDate: '2015-07-01 00:00:00', birthPrecision: 2, origin: 1, sireId: '201', sireMark: '', sireName: '阳阳 (P002)', damId: '',
        damMark: 'WILD', damName: '', cageId: '301', cageCode: 'PD-01', cageName: '大熊猫1号舍', breederId: '', breederName: '李饲养',
        photos: '/api/blade-resource/oss/endpoint/file/a.jpg', remark: '', status: 1, createTime: '2026-01-05 09:00:00', updateTime: '', isDeleted: 0,
      }),
      'GET /api/zoo-animal/animalFlag/list': pageOf([flag('402', 4, 'ZY-0001', 1, false), flag('403', 4, 'ZY-0002', 2, true), flag('401', 1, '156000000000001', 1, true, '中国 (ISO 3166 国家代码 156)')]),
      'GET /api/zoo-biz-attach/bizAttach/list': pageOf([{ id: '81', link: '/api/blade-resource/oss/endpoint/file/b.jpg', originalName: 'b.jpg' }]),
      'GET /api/blade-log/audit/history': pageOf([
        {
          id: '9001', tenantId: '100000', tableName: 'zoo_animal', resource: 'animal', title: '动物个体', recordId: '203', action: 'update',
          userId: '12', userName: '园区管理员', deptId: '', actorTenantId: '100000', clientIp: '', requestId: '', reason: '',
          changes: [{ field: 'animalName', before: '乐', after: '乐乐' }], createTime: '2026-11-23 10:15:00',
        },
      ]),
      ...dictionaryRoute({ animal_sex: [['1', '雄']], flag_type: [['1', '芯片'], ['4', '专用标识']], birth_precision: [['2', '精确到月']] }),
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

    expect(await screen.findAllByRole('img')).toHaveLength(2);
    expect(screen.getByText(/库存变动功能上线后显示/)).toBeInTheDocument();

    // 变更记录 of this animal.
    expect(net.to('GET /api/blade-log/audit/history')[0]!.query).toMatchObject({ table: 'zoo_animal', id: '203' });
    const entry = await screen.findByTestId('history-entry');
    expect(within(entry).getByText('园区管理员')).toBeInTheDocument();
    expect(within(entry).getByTestId('change-line').textContent).toBe('名字: 乐 → 乐乐');
  });
});
