import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import EventPage from './event.page';

const animal = (id: string, animalName: string, sex: number, speciesId: string, speciesName: string) =>
  wholeRow('GET /api/zoo-animal/animal/list', { id, animalName, localNo: `L${id}`, sex, speciesId, speciesName });

describe('配种记录: an insemination with another base’s donor', () => {
  it('lists the donors of the chosen female’s species and sends the donor’s identity', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_event: true, breed_event_add: true });
    const net = stubFetch({
      'GET /api/zoo-breeding/event/list': pageOf([]),
      'GET /api/zoo-animal/animal/list': pageOf([animal('31', '美香', 2, '7', '大熊猫'), animal('32', '阳阳', 1, '7', '大熊猫')]),
      'GET /api/zoo-breeding/semen/list': pageOf([]),
      'GET /api/zoo-breeding/donors': ok([{ identityId: '801', studbookNo: '501', animalName: '远方', holderName: '乙繁育基地' }]),
      'POST /api/zoo-breeding/event/submit': ok({}),
    });
    renderPage(<EventPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const form = await screen.findByRole('dialog');
    await chooseOption(form, '类型', '人工授精');
    // Before a female is chosen the picker says what it waits for, and asks the server nothing.
    expect(await within(form).findByText('请先选择雌性个体')).toBeTruthy();
    expect(net.to('GET /api/zoo-breeding/donors')).toHaveLength(0);
    await chooseOption(form, '雌性个体', '美香 (L31) · 大熊猫');
    await waitFor(() => expect(net.to('GET /api/zoo-breeding/donors').at(-1)?.query).toEqual({ speciesId: '7' }));
    await chooseOption(form, '他园供体(谱系)', '501 远方 · 乙繁育基地');
    await chooseOption(form, '输精方式', '子宫颈输精');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/event/submit')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/event/submit')[0]!.body).toMatchObject({ femaleId: '31', kind: 2, method: 2, donorIdentityId: '801' });
  });
});
