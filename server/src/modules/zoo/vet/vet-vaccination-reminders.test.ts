import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../db/client';
import { t, admin, adminB, panda, crane, foreignAnimal, post, dayOffset, setupVetTests, lastId } from './vet-test-kit';
import { sendVaccinationReminders } from './vaccination-reminders';

/**
 * Vaccination reminders (decision 0038): a notice to the vets 7 days before a dose falls due, sent once. "Two server
 * instances" are two connection pools on the same database running the job at once.
 */
setupVetTests();

let second: Database;
beforeAll(async () => {
  second = await openPostgres(t.config.databaseUrl!, 2, t.config.timeZone);
});
afterAll(async () => second?.close());

async function vaccinate(token: string, animalId: string, product: string, given: number, due: number | null, kind = 1): Promise<string> {
  const res = await post(token, 'vaccination/submit', {
    animalId,
    kind,
    product,
    givenDate: await dayOffset(given),
    ...(due === null ? {} : { nextDue: await dayOffset(due) }),
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId('zoo_med_vaccination');
}
const notices = async () =>
  (await t.sql.query(`select tenant_id as zoo, title, content, audience_roles as audience from blade_notice where title like '疫苗驱虫到期提醒%' order by id`))
    .rows as Array<{ zoo: string; title: string; content: string; audience: string }>;

describe('vaccination reminders', () => {
  it('tells each zoo’s vets once of the latest doses falling due within 7 days, even with two instances running together', async () => {
    const soon = await vaccinate(admin, panda, '犬瘟热疫苗', -170, 3);
    await vaccinate(admin, panda, '狂犬病疫苗', -20, 10); // beyond 7 days
    await vaccinate(admin, panda, '阿苯达唑', -100, -1, 2); // overdue: on the vet's home, not reminded
    await vaccinate(admin, crane, '禽流感疫苗(H5+H7)', -180, 2); // superseded by the booster below
    await vaccinate(admin, crane, '禽流感疫苗(H5+H7)', 0, 180);
    const deworm = await vaccinate(admin, crane, '伊维菌素', -90, 0, 2); // due today
    const foreign = await vaccinate(adminB, foreignAnimal, '犬瘟热疫苗', -170, 5);

    const [a, b] = await Promise.all([sendVaccinationReminders(t.database.db), sendVaccinationReminders(second.db)]);
    expect(a + b).toBe(2);
    expect(await sendVaccinationReminders(t.database.db)).toBe(0);
    const sent = await t.sql.query(`select vaccination_id::text v, notice_id is not null as sent from zoo_med_vaccination_reminder order by vaccination_id`);
    expect(sent.rows).toEqual([soon, deworm, foreign].sort().map((v) => ({ v, sent: true })));
    const [zooA, zooB] = await notices().then((n) => [n.filter((x) => x.zoo === '330001'), n.filter((x) => x.zoo === '330002')]);
    expect(zooA).toHaveLength(1);
    expect(zooA[0]).toMatchObject({ audience: 'vet', title: '疫苗驱虫到期提醒:2项将在7天内到期' });
    expect(zooA[0]!.content).toContain(`疫苗接种「犬瘟热疫苗」应于 ${await dayOffset(3)} 进行(3天后)`);
    expect(zooA[0]!.content).toContain(`驱虫「伊维菌素」应于 ${await dayOffset(0)} 进行(今天)`);
    expect(zooA[0]!.content).not.toContain('狂犬病疫苗');
    expect(zooA[0]!.content).not.toContain('禽流感');
    expect(zooB).toEqual([
      expect.objectContaining({ audience: 'vet', title: `疫苗驱虫到期提醒:「${zooB[0]!.title.match(/「(.*)」/)![1]}」犬瘟热疫苗 ${await dayOffset(5)}` }),
    ]);
  });

  it('reminds again when an edit moves the due date, not otherwise', async () => {
    const [row] = (await t.sql.query(`select id::text from zoo_med_vaccination where product = '狂犬病疫苗'`)).rows;
    expect(await sendVaccinationReminders(t.database.db)).toBe(0);
    const moved = await post(admin, 'vaccination/submit', {
      id: row.id,
      animalId: panda,
      kind: 1,
      product: '狂犬病疫苗',
      givenDate: await dayOffset(-20),
      nextDue: await dayOffset(6),
    });
    expect(moved.body.success, JSON.stringify(moved.body)).toBe(true);
    expect(await sendVaccinationReminders(t.database.db)).toBe(1);
    expect(await sendVaccinationReminders(second.db)).toBe(0);
    const last = (await notices()).at(-1)!;
    expect(last.title).toContain('狂犬病疫苗');
    expect(last.title).toContain(await dayOffset(6));
  });
});
