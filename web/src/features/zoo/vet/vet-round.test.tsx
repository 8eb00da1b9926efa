import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import GroupTreatmentPage from './group-treatment.page';
import LabPage from './lab.page';
import WeightRefPage from './weight-ref.page';

const SPECIES = [{ id: '7', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', managementMode: 1, licenceState: 'valid' as const }];
const modal = () => screen.getByRole('dialog');

describe('参考生长曲线: import and export', { timeout: 90_000 }, () => {
  it('imports a species’ curve from a spreadsheet and shows each refused row with its reason', async () => {
    signIn({ tenant_id: '330001' }, [], { vet_weight_ref_add: true, vet_weight_ref_view: true });
    const net = stubFetch({
      'GET /api/zoo-medical/weight-ref/list': pageOf([
        wholeRow('GET /api/zoo-medical/weight-ref/list', {
          id: '1',
          speciesId: '7',
          speciesName: '大熊猫',
          ageDays: 365,
          weightKg: 35,
          source: '圈养大熊猫生长曲线',
        }),
      ]),
      'GET /api/zoo-species/species/select': ok(SPECIES),
      'POST /api/zoo-medical/weight-ref/import': ok({ total: 3, created: 1, updated: 1, rejected: [{ row: 4, reason: '日龄「abc」必须是不小于0的整数' }] }),
    });
    renderPage(<WeightRefPage />);
    expect(await screen.findByText('圈养大熊猫生长曲线')).toBeInTheDocument();
    // Export needs a species chosen in the search.
    expect(screen.getByTestId('weight-ref-export')).toBeDisabled();
    fireEvent.click(screen.getByTestId('weight-ref-import'));
    await waitFor(() => expect(modal()).toBeTruthy());
    expect(within(modal()).getByRole('button', { name: '开始导入' })).toBeDisabled();
    await chooseOption(modal(), '物种', '大熊猫 (Ailuropoda melanoleuca)');
    fireEvent.change(modal().querySelector('input[type=file]')!, { target: { files: [new File(['xlsx'], 'curve.xlsx')] } });
    await waitFor(() => expect(within(modal()).getByRole('button', { name: '开始导入' })).not.toBeDisabled());
    fireEvent.click(within(modal()).getByRole('button', { name: '开始导入' }));
    expect(await within(modal()).findByText('共 3 行:新增 1,更新 1,未导入 1')).toBeInTheDocument();
    expect(within(modal()).getByText('日龄「abc」必须是不小于0的整数')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-medical/weight-ref/import')[0]!.query).toEqual({ speciesId: '7' });
  });

  it('hides the import from a role without the add button', async () => {
    signIn({ tenant_id: '330001', role_name: 'vet' }, [], { vet_weight_ref_view: true });
    stubFetch({ 'GET /api/zoo-medical/weight-ref/list': pageOf([]), 'GET /api/zoo-species/species/select': ok(SPECIES) });
    renderPage(<WeightRefPage />);
    await screen.findByTestId('weight-ref-export');
    expect(screen.queryByTestId('weight-ref-import')).not.toBeInTheDocument();
  });
});

describe('检验结果: a batch from a spreadsheet', { timeout: 90_000 }, () => {
  it('uploads the file and lists each refused row with its reason', async () => {
    signIn({ tenant_id: '330001', role_name: 'vet' }, [], { vet_lab_add: true, vet_lab_view: true });
    const net = stubFetch({
      'GET /api/zoo-medical/lab/list': pageOf([]),
      'POST /api/zoo-medical/lab/import': ok({ total: 2, created: 1, rejected: [{ row: 3, reason: '本园编号「X9」的个体不存在' }] }),
    });
    renderPage(<LabPage />);
    fireEvent.click(await screen.findByTestId('lab-import'));
    await waitFor(() => expect(modal()).toBeTruthy());
    fireEvent.change(modal().querySelector('input[type=file]')!, { target: { files: [new File(['xlsx'], 'lab.xlsx')] } });
    await waitFor(() => expect(within(modal()).getByRole('button', { name: '开始导入' })).not.toBeDisabled());
    fireEvent.click(within(modal()).getByRole('button', { name: '开始导入' }));
    expect(await within(modal()).findByText('共 2 行:导入 1,未导入 1')).toBeInTheDocument();
    expect(within(modal()).getByText('本园编号「X9」的个体不存在')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-medical/lab/import')).toHaveLength(1);
  });
});

describe('群体治疗: dosed by weight', { timeout: 90_000 }, () => {
  it('lists the totals with their unit and the out-of-range mark; an old text dose reads as text', async () => {
    signIn({ tenant_id: '330001' }, [], { vet_group_treatment_view: true });
    const row = (over: Record<string, unknown>) =>
      wholeRow('GET /api/zoo-medical/group-treatment/list', {
        populationName: '丹顶鹤群',
        speciesName: '丹顶鹤',
        drugName: '阿苯达唑片',
        treatDate: '2026-11-20',
        countTreated: 7,
        route: 4,
        remark: '',
        ...over,
      });
    stubFetch({
      'GET /api/zoo-medical/group-treatment/list': pageOf([
        row({
          id: '1',
          doseMgKg: 2.5,
          headWeightKg: 12,
          doseMg: 30,
          amount: 0.5,
          totalMg: 210,
          totalAmount: 4.25,
          concentration: 50,
          concentrationUnit: 2,
          outOfRange: 1,
          doseText: '拌料',
        }),
        row({
          id: '2',
          doseMgKg: '',
          headWeightKg: '',
          doseMg: '',
          amount: '',
          totalMg: '',
          totalAmount: '',
          concentration: '',
          concentrationUnit: '',
          outOfRange: 0,
          doseText: '拌料 10 mg/kg',
        }),
      ]),
    });
    renderPage(<GroupTreatmentPage />);
    const dosed = (await screen.findByText('拌料')).closest('tr')!;
    expect(within(dosed).getByText('210')).toBeInTheDocument();
    expect(within(dosed).getByText('用量 4.25 片')).toBeInTheDocument();
    expect(within(dosed).getByText('超范围')).toBeInTheDocument();
    const text = screen.getByText('拌料 10 mg/kg').closest('tr')!;
    expect(within(text).queryByText('超范围')).not.toBeInTheDocument();
  });
});
