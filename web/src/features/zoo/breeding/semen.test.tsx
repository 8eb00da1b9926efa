import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import SemenPage from './semen.page';

const SPECIES = [{ id: '7', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', managementMode: 1, licenceState: 'valid' as const }];

describe('基因资源库: another base’s donor', () => {
  it('picks the donor among the species’ studbook males of other zoos (number, name, zoo) and sends his identity', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_semen: true, breed_semen_add: true });
    const net = stubFetch({
      'GET /api/zoo-breeding/semen/list': pageOf([]),
      'GET /api/zoo-species/species/select': ok(SPECIES),
      'GET /api/zoo-animal/animal/list': pageOf([]),
      'GET /api/zoo-breeding/donors': ok([{ identityId: '801', studbookNo: '501', animalName: '远方', holderName: '乙繁育基地' }]),
      'POST /api/zoo-breeding/semen/submit': ok({}),
    });
    renderPage(<SemenPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(await within(form).findByLabelText('样本编号'), { target: { value: 'GRB-OUT-1' } });
    await chooseOption(form, '物种', '大熊猫 (Ailuropoda melanoleuca)');
    // The picker asks for the species' donors once the species is chosen.
    await waitFor(() => expect(net.to('GET /api/zoo-breeding/donors').at(-1)?.query).toEqual({ speciesId: '7' }));
    await chooseOption(form, '他园供体(谱系)', '501 远方 · 乙繁育基地');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/semen/submit')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/semen/submit')[0]!.body).toMatchObject({ sampleNo: 'GRB-OUT-1', speciesId: '7', donorIdentityId: '801' });
  });
});
