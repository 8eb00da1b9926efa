import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ZooSpeciesPage from './zoo-species.page';
import { clickRowAction } from '../../../test/row-action';

const mine = {
  id: '71',
  tenantId: '100000',
  speciesId: '11',
  speciesName: '大熊猫',
  latinName: 'Ailuropoda melanoleuca',
  protectionClass: 1,
  citesAppendix: 'I',
  iucnCategory: 'VU',
  defaultManagementMode: 1,
  managementModeOverride: '',
  managementMode: 1,
  defaultGestationMinDays: 83,
  defaultGestationMaxDays: 200,
  gestationMinDays: '',
  gestationMaxDays: '',
  effectiveGestationMinDays: 83,
  effectiveGestationMaxDays: 200,
  defaultBreedingAgeYears: 4,
  breedingAgeYears: '',
  effectiveBreedingAgeYears: 4,
  localName: '',
  localRemark: '',
  licenceNo: '(国)驯繁字[2023]001号',
  issuingAuthority: '国家林业和草原局',
  validFrom: '2023-01-01 00:00:00',
  validTo: '2028-12-31 00:00:00',
  approvedQuantity: '',
  licenceState: 'valid',
  individualCount: 6,
  populationQuantity: 0,
  maleQuantity: 3,
  femaleQuantity: 3,
  theyQuantity: 0,
  totalQuantity: 6,
  updateTime: '2026-01-01 00:00:00',
};
const lib = (id: string, speciesName: string, latinName: string, authorised: boolean) =>
  wholeRow('GET /api/zoo-species/species/public', {
    id,
    speciesName,
    latinName,
    taxonomyId: '',
    taxonomyName: '',
    className: '',
    orderName: '',
    familyName: '',
    protectionClass: 2,
    protectionAuthority: 1,
    protectionRemark: '',
    citesAppendix: 'II',
    iucnCategory: 'LC',
    iucnYear: '',
    iucnCriteria: '',
    managementMode: 2,
    tempMin: '',
    tempMax: '',
    humidityMin: '',
    humidityMax: '',
    gestationMinDays: '',
    gestationMaxDays: '',
    breedingAgeYears: '',
    source: 'unverified',
    sourceNote: '',
    remark: '',
    createTime: '',
    updateTime: '',
    isDeleted: 0,
    status: 1,
    authorised,
  });

function server() {
  return stubFetch({
    'GET /api/zoo-species/species/list': pageOf([mine]),
    'GET /api/zoo-species/species/detail': ok({ ...mine, localName: '熊猫', managementModeOverride: 2, managementMode: 2 }),
    'POST /api/zoo-species/species/update': ok({}),
    'GET /api/zoo-species/species/public': pageOf([lib('11', '大熊猫', 'Ailuropoda melanoleuca', true), lib('12', '猕猴', 'Macaca mulatta', false)]),
    ...dictionaryRoute({
      protection_class: [
        ['0', '无'],
        ['1', '国家一级'],
        ['2', '国家二级'],
      ],
      cites_appendix: [
        ['I', '附录I'],
        ['II', '附录II'],
      ],
      iucn_category: [
        ['VU', '易危'],
        ['LC', '无危'],
      ],
      management_mode: [
        ['1', '个体管理'],
        ['2', '种群管理'],
      ],
      licence_state: [
        ['valid', '有效'],
        ['expired', '已过期'],
      ],
    }),
  });
}

describe('zoo species page', { timeout: 180_000 }, () => {
  it('lists the authorised species with stock, edits the local fields, and shows the public library', async () => {
    signIn();
    const net = server();
    renderPage(<ZooSpeciesPage />);
    const row = (await screen.findByText('(国)驯繁字[2023]001号')).closest('tr')!;
    expect(within(row).getByText('2028-12-31')).toBeInTheDocument();
    expect(await within(row).findByText('有效')).toBeInTheDocument();
    expect(within(row).getAllByText('6')).toHaveLength(2);
    expect(within(row).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();

    await clickRowAction(row, '编辑');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('本园名称')).toHaveValue('熊猫'));
    fireEvent.change(within(dialog).getByLabelText('本园备注'), { target: { value: '镇园之宝' } });
    // The zoo's own gestation range: both days or neither.
    fireEvent.change(within(dialog).getByLabelText('本园妊娠期(天) 最长'), { target: { value: '160' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
    expect(await within(dialog).findByText('妊娠期最短天数与最长天数须同时填写或同时留空')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('本园妊娠期(天) 最短'), { target: { value: '95' } });
    fireEvent.change(within(dialog).getByLabelText('本园适配年龄(岁)'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-species/species/update')[0]!.body).toEqual({
      id: '71',
      localName: '熊猫',
      localRemark: '镇园之宝',
      managementMode: 2,
      gestationMinDays: 95,
      gestationMaxDays: 160,
      breedingAgeYears: 5,
    });

    fireEvent.click(screen.getByRole('radio', { name: '平台物种库' }));
    const other = (await screen.findByText('Macaca mulatta')).closest('tr')!;
    expect(within(other).getByText('未授权')).toBeInTheDocument();
    expect(screen.getByText('已授权')).toBeInTheDocument();
    expect(net.to('GET /api/zoo-species/species/public')[0]!.query).toEqual({ current: '1', size: '10' });
  });
});
