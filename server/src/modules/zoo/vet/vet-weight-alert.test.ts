import { describe, expect, it } from 'vitest';
import { platformToken } from '../../../../test/zoo-fixtures';
import { t, admin, adminB, get, dayOffset, lonelyAnimal, setupVetTests, weigh } from './vet-test-kit';
import { weightChange } from './weight-alert';

setupVetTests();

describe('weight-change alerts', () => {
  it('computes the change in exact decimals, half up to 0.1 %, and alerts only above the threshold', () => {
    expect(weightChange(110, 100, 10)).toEqual({ changePct: 10, alert: 0 });
    expect(weightChange(110.0001, 100, 10)).toEqual({ changePct: 10, alert: 1 });
    expect(weightChange(89.95, 100, 10)).toEqual({ changePct: -10.1, alert: 1 });
    // 0.3 − 0.1 is 0.2 exactly: +200 %.
    expect(weightChange(0.3, 0.1, 10)).toEqual({ changePct: 200, alert: 1 });
    expect(weightChange(120.5, 120.5, 10)).toEqual({ changePct: 0, alert: 0 });
  });

  it('flags a weighing whose change against the earliest one of the 30 days before exceeds 10 %, then follows the zoo’s parameters', async () => {
    const animal = await lonelyAnimal();
    await weigh(animal, 100, await dayOffset(-45));
    await weigh(animal, 104, await dayOffset(-25));
    await weigh(animal, 112, await dayOffset(-10));
    await weigh(animal, 94, await dayOffset(0));
    const rows = async () =>
      Object.fromEntries(
        (await get(admin, 'weight/list', { animalId: animal, size: '10' })).body.data.records.map((r: any) => [r.weightKg, [r.changePct, r.alert]]),
      );
    // The window is the 30 days before a weighing, its first day included. −45: nothing before it. −25: against 100
    // (day −45), +4 %. −10: against 104 (day −25; −45 is out), +7.7 %. Today: against 104, −9.6 %.
    expect(await rows()).toEqual({ 100: ['', 0], 104: [4, 0], 112: [7.7, 0], 94: [-9.6, 0] });

    const param = async (paramKey: string, paramValue: string) =>
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/blade-system/param/submit',
            token: await platformToken(t),
            body: { paramName: paramKey, paramKey, paramValue },
          })
        ).body.success,
      ).toBe(true);
    await param('zoo.medical.weightAlertPct.330001', '5');
    expect(await rows()).toEqual({ 100: ['', 0], 104: [4, 0], 112: [7.7, 1], 94: [-9.6, 1] });
    await param('zoo.medical.weightAlertDays.330001', '60');
    // −10 and today now compare with day −45: +12 % and −6 %.
    expect(await rows()).toEqual({ 100: ['', 0], 104: [4, 0], 112: [12, 1], 94: [-6, 1] });
    // Another zoo keeps the defaults and sees none of these weighings.
    expect((await get(adminB, 'weight/list', { animalId: animal })).body.data.total).toBe(0);
  });
});
