import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import LabRefPage from './lab-ref.page';
import LabPage from './lab.page';

const modal = () => screen.getByRole('dialog');
const SPECIES = [{ id: '7', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', managementMode: 1, licenceState: 'valid' as const }];
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
    expect(screen.getByText('不限')).toBeInTheDocument();
  });

  it('enters an interval for one sex and an age window, and shows the server’s refusal of an overlap', async () => {
    signIn({ tenant_id: '330001' }, [], { vet_lab_ref_view: true, vet_lab_ref_add: true });
    const overlap = '月龄 0–24 与该物种这个检测项目和单位已有的参考区间(月龄 12–36)重叠';
    const net = stubFetch({
      'GET /api/zoo-medical/lab-ref/list': pageOf([]),
      'GET /api/zoo-species/species/select': ok(SPECIES),
      'POST /api/zoo-medical/lab-ref/submit': { status: 400, body: { code: 400, success: false, data: null, msg: overlap } },
    });
    renderPage(<LabRefPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(modal()).toBeTruthy());
    // Either sex until the vet chooses one.
    expect(within(modal()).getByTitle('不限')).toBeInTheDocument();
    await chooseOption(modal(), '物种', '大熊猫 (Ailuropoda melanoleuca)');
    fireEvent.change(within(modal()).getByLabelText('检测项目'), { target: { value: 'ALP' } });
    fireEvent.change(within(modal()).getByLabelText('单位'), { target: { value: 'U/L' } });
    fireEvent.change(within(modal()).getByLabelText('参考下限'), { target: { value: '120' } });
    fireEvent.change(within(modal()).getByLabelText('参考上限'), { target: { value: '450' } });
    await chooseOption(modal(), '适用性别', '雌性');
    // A window that ends before it starts is refused in the form, with the contract's message.
    fireEvent.change(within(modal()).getByLabelText('起始月龄(含)'), { target: { value: '24' } });
    fireEvent.change(within(modal()).getByLabelText('截止月龄(不含)'), { target: { value: '12' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(modal()).findByText('起始月龄必须小于截止月龄')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-medical/lab-ref/submit')).toHaveLength(0);

    fireEvent.change(within(modal()).getByLabelText('起始月龄(含)'), { target: { value: '0' } });
    fireEvent.change(within(modal()).getByLabelText('截止月龄(不含)'), { target: { value: '24' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(overlap)).toBeInTheDocument();
    expect(net.to('POST /api/zoo-medical/lab-ref/submit')[0]!.body).toMatchObject({
      speciesId: '7',
      testName: 'ALP',
      unit: 'U/L',
      refLow: 120,
      refHigh: 450,
      sex: 2,
      ageMinMonths: 0,
      ageMaxMonths: 24,
    });
  });
});

describe('检验结果: the species interval the form will apply', { timeout: 90_000 }, () => {
  it('shows the species interval while the result’s own is empty, and that a typed one is kept', async () => {
    signIn({ tenant_id: '330001', role_name: 'vet' }, [], { vet_lab_add: true, vet_lab_view: true });
    const net = stubFetch({
      'GET /api/zoo-medical/lab/list': pageOf([]),
      'GET /api/zoo-animal/animal/list': pageOf(ANIMALS()),
      'GET /api/zoo-medical/case/list': pageOf([]),
      'GET /api/zoo-medical/lab-ref/match': ok({
        id: '9',
        speciesName: '大熊猫',
        refLow: 110,
        refHigh: 170,
        sex: 2,
        ageMinMonths: '',
        ageMaxMonths: 24,
        source: '示范数据',
      }),
    });
    renderPage(<LabPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(modal()).toBeTruthy());
    const hint = () => within(modal()).getByTestId('lab-ref-hint');
    expect(hint()).toHaveTextContent('选择动物并填写检测项目后');
    await chooseOption(modal(), '动物', '美香 (P001) · 大熊猫');
    fireEvent.change(within(modal()).getByLabelText('检测项目'), { target: { value: '血红蛋白(HGB)' } });
    fireEvent.change(within(modal()).getByLabelText('单位'), { target: { value: 'g/L' } });
    // The interval that fits the animal's sex and its age on the sample date, named as such.
    await waitFor(() => expect(hint()).toHaveTextContent('保存时将采用物种参考区间:大熊猫 110 – 170 g/L (雌性 · 0–24 月龄)'));
    const asked = net.to('GET /api/zoo-medical/lab-ref/match').at(-1)!.query;
    expect(asked).toMatchObject({ animalId: '5', testName: '血红蛋白(HGB)', unit: 'g/L' });
    expect(asked.sampleDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(within(modal()).getByLabelText('参考下限'), { target: { value: '100' } });
    await waitFor(() => expect(hint()).toHaveTextContent('将使用本结果填写的参考区间。 物种参考区间: 110 – 170 g/L'));
  });
});
