import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooAnimal } from '../modules/zoo/zoo.tables';
import { zooBreedEvent, zooBreedOestrus, zooBreedSemen } from '../modules/zoo/breeding/breeding.tables';
import { DEMO_TENANT } from './zoo-demo-data';

/**
 * The demo zoo's giant-panda season (decision 0042): 安安 (P006, wild-born) observed over twelve days of oestrus with
 * her urinary oestrogen rising to a peak and falling while progesterone rises, paired with 阳阳 (P002, unrelated)
 * on the peak day and inseminated the next day with frozen semen of another base. The season is last spring when
 * this spring's replay (down to the twins' 60 days of weights, `zoo-demo-cubs.ts`) has not ended yet. Values are of the order the giant-panda literature reports (ng/mg Cr).
 */

/** [day from the first observation, signs, vulva score, oestrogen, progesterone] */
const DAYS: Array<[number, number[], number, number, number]> = [
  [0, [1], 1, 8.2, 1.1],
  [2, [1, 3], 1, 14.6, 1.0],
  [4, [1, 2, 3], 2, 27.9, 1.2],
  [6, [1, 2, 4, 5], 3, 52.3, 1.1],
  [7, [2, 4, 6, 7], 4, 88.5, 1.3],
  [8, [2, 4, 7, 8], 4, 121.4, 1.6],
  [9, [2, 8], 3, 64.0, 2.4],
  [11, [3], 2, 19.7, 3.9],
];

const rows = async <T>(tx: Tx, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;

export async function seedDemoBreeding(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    if ((await tx.select({ id: zooBreedOestrus.id }).from(zooBreedOestrus).limit(1)).length) return;
    const animals = new Map(
      (await tx.select({ id: zooAnimal.id, localNo: zooAnimal.localNo, speciesId: zooAnimal.speciesId }).from(zooAnimal).where(eq(zooAnimal.isDeleted, 0))).map(
        (a) => [a.localNo, a],
      ),
    );
    const female = animals.get('P006');
    const male = animals.get('P002');
    if (!female || !male) return;
    // The latest spring whose whole replay lies behind us: the insemination (day 9), the twins 140 days later and
    // their 60 days of weights (zoo-demo-cubs.ts) — this year's from mid-October, else last year's.
    const [{ start }] = (await rows<{ start: string }>(
      tx,
      sql`select to_char(make_date(extract(year from current_date)::int - (case when current_date > make_date(extract(year from current_date)::int, 3, 20) + 209 then 0 else 1 end), 3, 20), 'YYYY-MM-DD') as start`,
    )) as [{ start: string }];
    const day = (n: number) => new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await tx.insert(zooBreedOestrus).values(
      DAYS.map(([n, signs, vulvaScore, oestrogen, progesterone]) => ({
        animalId: female.id,
        speciesId: female.speciesId,
        obsDate: day(n),
        signs,
        vulvaScore,
        oestrogen,
        progesterone,
        remark: n === 8 ? '雌激素峰值,当日安排配对' : '',
      })),
    );
    const [sample] = await tx
      .insert(zooBreedSemen)
      .values({
        sampleNo: 'GRB-DXM-0012',
        speciesId: female.speciesId,
        donorName: '芦芦 (外园供体)',
        donorStudbookNo: 'SB-0613',
        collectDate: day(-300),
        collectPlace: '成都大熊猫繁育研究基地',
        // Six straws came in; the insemination below used two.
        straws: 4,
        tank: 'LN-02',
        position: 'B层-3号提筒',
        motility: 72,
        remark: '示范数据:冷冻精液,由外园调入',
      })
      .returning({ id: zooBreedSemen.id });
    await tx.insert(zooBreedEvent).values([
      {
        femaleId: female.id,
        speciesId: female.speciesId,
        kind: 1,
        eventDate: day(8),
        sireIds: [male.id],
        startTime: '09:20',
        endTime: '09:48',
        copulations: 2,
        outcome: 1,
        remark: '雌激素峰值当日配对,观察到两次交配',
      },
      {
        femaleId: female.id,
        speciesId: female.speciesId,
        kind: 2,
        eventDate: day(9),
        semenId: sample!.id,
        method: 3,
        straws: 2,
        doseMl: 1,
        motility: 65,
        remark: '自然交配后次日补充人工授精(外园冷冻精液)',
      },
    ]);
  });
}
