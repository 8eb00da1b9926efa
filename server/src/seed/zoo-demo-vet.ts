import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { computeDose, type ConcentrationUnit } from '@zoo/contract';
import type { Database, Tx } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooAnimal } from '../modules/zoo/zoo.tables';
import { zooMedCase, zooMedDrug, zooMedTreatment, zooMedWeight } from '../modules/zoo/vet/vet.tables';
import { DEMO_TENANT } from './zoo-demo-data';

/**
 * The demo zoo's veterinary records (decision 0038): a small formulary, monthly weights of the pandas, tigers and
 * cranes over half a year, a tiger's dental case (closed, with its analgesic and antibiotic) and a panda under
 * observation. Dose ranges are demonstration values from common references; the remark says to check them.
 */

const CHECK = '示范数据:剂量范围请按《Plumb兽药手册》及本园兽医规程核对后使用';

/** [name, generic, form, concentration, unit (1 mg/mL, 2 mg/tablet), dose min, dose max (mg/kg), routes] */
const DRUGS: Array<[string, string, number, number, ConcentrationUnit, number, number, string]> = [
  ['美洛昔康注射液', 'meloxicam', 1, 5, 1, 0.1, 0.2, '皮下, 肌注, 静注'],
  ['恩诺沙星注射液', 'enrofloxacin', 1, 25, 1, 2.5, 10, '肌注, 皮下'],
  ['阿莫西林克拉维酸钾片', 'amoxicillin-clavulanate', 3, 250, 2, 12.5, 25, '口服'],
  ['伊维菌素注射液', 'ivermectin', 1, 10, 1, 0.2, 0.4, '皮下'],
  ['盐酸氯胺酮注射液', 'ketamine', 1, 100, 1, 2, 10, '肌注, 吹管'],
];

/** [local no, weight kg six months ago, monthly change kg] */
const WEIGHTS: Array<[string, number, number]> = [
  ['P001', 104.2, 0.6],
  ['P002', 118.5, 0.4],
  ['P003', 96.8, 1.1],
  ['P004', 92.4, 0.9],
  ['T001', 196, -0.8],
  ['T003', 162.5, 1.5],
  ['C001', 8.6, 0.05],
  ['C002', 7.9, -0.04],
];

const rows = async <T>(tx: Tx, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;

export async function seedDemoVet(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    if ((await tx.select({ id: zooMedDrug.id }).from(zooMedDrug).limit(1)).length) return;
    const drugs = new Map<string, typeof zooMedDrug.$inferSelect>();
    for (const [drugName, genericName, form, concentration, concentrationUnit, doseMin, doseMax, routes] of DRUGS) {
      const [d] = await tx
        .insert(zooMedDrug)
        .values({ drugName, genericName, form, concentration, concentrationUnit, doseMin, doseMax, routes, remark: CHECK })
        .returning();
      drugs.set(genericName, d!);
    }
    const animals = new Map(
      (await tx.select({ id: zooAnimal.id, localNo: zooAnimal.localNo, speciesId: zooAnimal.speciesId }).from(zooAnimal).where(eq(zooAnimal.isDeleted, 0))).map(
        (a) => [a.localNo, a],
      ),
    );
    const days = await rows<{ m: number; d: string }>(
      tx,
      sql`select g as m, to_char(current_date - (g * 30 + 3), 'YYYY-MM-DD') as d from generate_series(6, 0, -1) g`,
    );
    for (const [localNo, start, perMonth] of WEIGHTS) {
      const a = animals.get(localNo);
      if (!a) continue;
      const values = days.map(({ m, d }) => {
        const step = 6 - m;
        // A little month-to-month wobble around the trend, the same on every machine.
        const wobble = ((step * 7 + localNo.charCodeAt(3)) % 5) / 10 - 0.2;
        const kg = start + perMonth * step + (start > 50 ? wobble : wobble / 10);
        return { animalId: a.id, weighDate: d, weightKg: Number(kg.toFixed(start > 50 ? 1 : 2)), unit: start > 50 ? 'kg' : 'g', method: 1, bodyCondition: 5 };
      });
      await tx.insert(zooMedWeight).values(values);
    }
    const latestWeight = async (animalId: string, day: string) =>
      (
        await tx
          .select()
          .from(zooMedWeight)
          .where(and(eq(zooMedWeight.animalId, animalId), lte(zooMedWeight.weighDate, day)))
          .orderBy(desc(zooMedWeight.weighDate))
          .limit(1)
      )[0]!;
    const dayAgo = async (n: number) => (await rows<{ d: string }>(tx, sql`select to_char(current_date - ${n}::int, 'YYYY-MM-DD') as d`))[0]!.d;

    // 威威 (T001): a fractured upper canine, extracted under anaesthesia; analgesia and antibiotic cover; closed.
    const tiger = animals.get('T001');
    if (tiger) {
      const open = await dayAgo(45);
      const [c] = await tx
        .insert(zooMedCase)
        .values({
          animalId: tiger.id,
          speciesId: tiger.speciesId,
          openDate: open,
          complaint: '进食时单侧咀嚼,左上犬齿断裂',
          temperature: 38.4,
          heartRate: 64,
          respRate: 14,
          bodyCondition: 5,
          findings: '左上犬齿冠折,牙髓暴露,牙龈轻度红肿',
          diagnosis: '左上犬齿冠折伴牙髓暴露',
          caseStatus: 3,
          closeDate: await dayAgo(30),
          outcome: 1,
          outcomeNote: '麻醉下拔除断齿,术后进食正常',
        })
        .returning({ id: zooMedCase.id });
      for (const [generic, rate, route, frequency, durationDays] of [
        ['meloxicam', 0.1, 3, 1, 3],
        ['enrofloxacin', 5, 1, 1, 5],
      ] as const) {
        const drug = drugs.get(generic)!;
        const w = await latestWeight(tiger.id, open);
        const { doseMg, amount } = computeDose({
          mgPerKg: rate,
          weightKg: w.weightKg,
          concentration: drug.concentration,
          concentrationUnit: drug.concentrationUnit as ConcentrationUnit,
        });
        await tx.insert(zooMedTreatment).values({
          caseId: c!.id,
          animalId: tiger.id,
          drugId: drug.id,
          doseMgKg: rate,
          weightId: w.id,
          weightKg: w.weightKg,
          doseMg,
          amount,
          concentration: drug.concentration,
          concentrationUnit: drug.concentrationUnit,
          route,
          frequency,
          durationDays,
          startDate: open,
        });
      }
    }
    // 乐乐 (P003): soft faeces and a poorer appetite for two days, under observation.
    const panda = animals.get('P003');
    if (panda)
      await tx.insert(zooMedCase).values({
        animalId: panda.id,
        speciesId: panda.speciesId,
        openDate: await dayAgo(2),
        complaint: '粪便稀软,食欲下降两天',
        temperature: 37.6,
        bodyCondition: 5,
        findings: '精神尚可,腹部触诊无异常;已送粪检',
        diagnosis: '消化不良(待粪检结果)',
        caseStatus: 2,
      });
  });
}
