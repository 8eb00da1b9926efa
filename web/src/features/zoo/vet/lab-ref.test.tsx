import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import LabRefPage from './lab-ref.page';
import LabPage from './lab.page';

const modal = () => screen.getByRole('dialog');
const ANIMALS = () => [wholeRow('GET /api/zoo-animal/animal/list', { id: '5', animalName: '美香', localNo: 'P001', speciesName: '大熊猫' })];

describe('检验参考区间', { timeout: 90_000 }, () => {
  it('lists a species’ intervals', async () => {
    signIn({ tenant_id: '330001' }, [], { vet_lab_ref_view: true });
    stubFetch({
      'GET /api/zoo-medical/lab-ref/list': pageOf([
        wholeRow('GET /api/zoo-medical/lab-ref/list', {
          id: '1',
          speciesId: '7',
          speciesName: '大熊猫',
          testName: '血红蛋白(HGB)',
          unit: 'g/L',
          refLow: 110,
          refHigh: 170,
          source: '示范数据',
          remark: '',
        }),
      ]),
      'GET /api/zoo-species/species/select': ok([]),
    });
    renderPage(<LabRefPage />);
    expect(await screen.findByText('血红蛋白(HGB)')).toBeInTheDocument();
    expect(screen.getByText('170')).toBeInTheDocument();
  });
});

describe('检验结果: the species interval the form will apply', { timeout: 90_000 }, () => {
  it('shows the species interval while the result’s own is empty, and that a typed one is kept', async () => {
    signIn({ tenant_id: '330001', role_name: 'vet' }, [], { vet_lab_add: true, vet_lab_view: true });
    const net = stubFetch({
      'GET /api/zoo-medical/lab/list': pageOf([]),
      'GET /api/zoo-animal/animal/list': pageOf(ANIMALS()),
      'GET /api/zoo-medical/case/list': pageOf([]),
      'GET /api/zoo-medical/lab-ref/match': ok({ id: '9', speciesName: '大熊猫', refLow: 110, refHigh: 170, source: '示范数据' }),
    });
    renderPage(<LabPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(modal()).toBeTruthy());
    const hint = () => within(modal()).getByTestId('lab-ref-hint');
    expect(hint()).toHaveTextContent('选择动物并填写检测项目后');
    await chooseOption(modal(), '动物', '美香 (P001) · 大熊猫');
    fireEvent.change(within(modal()).getByLabelText('检测项目'), { target: { value: '血红蛋白(HGB)' } });
    fireEvent.change(within(modal()).getByLabelText('单位'), { target: { value: 'g/L' } });
    await waitFor(() => expect(hint()).toHaveTextContent('保存时将采用物种参考区间:大熊猫 110 – 170 g/L'));
    expect(net.to('GET /api/zoo-medical/lab-ref/match').at(-1)!.query).toEqual({ animalId: '5', testName: '血红蛋白(HGB)', unit: 'g/L' });
    fireEvent.change(within(modal()).getByLabelText('参考下限'), { target: { value: '100' } });
    await waitFor(() => expect(hint()).toHaveTextContent('将使用本结果填写的参考区间。 物种参考区间: 110 – 170 g/L'));
  });
});
