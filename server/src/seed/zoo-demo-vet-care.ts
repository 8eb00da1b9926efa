import { and, eq, sql } from 'drizzle-orm';
import { computeDose, type ConcentrationUnit } from '@zoo/contract';
import type { Database, Tx } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooAnimal, zooCage } from '../modules/zoo/zoo.tables';
import { zooBasicLog } from '../modules/zoo/keeper/keeper.tables';
import { zooStockLog } from '../modules/zoo/stocklog/stocklog.tables';
import { sexVector } from '../modules/zoo/stocklog/ledger';
import { zooMedNecropsy, zooMedQuarantine } from '../modules/zoo/vet/quarantine.tables';
import { zooMedAdministration, zooMedLabRef, zooMedWeightRef } from '../modules/zoo/vet/round.tables';
import { zooMedAnaesthesia, zooMedCase, zooMedDrug, zooMedTreatment, zooMedVaccination, zooMedWeight } from '../modules/zoo/vet/vet.tables';
import { DEMO_TENANT } from './zoo-demo-data';

/**
 * The demo zoo's veterinary records, second part (decision 0038, third slice), on top of `seedDemoVet`: the tiger's
 * dental extraction under anaesthesia, the cranes' vaccination and deworming schedule (one overdue), a crane that
 * arrived ten days ago into a new 隔离检疫 cage and is in quarantine, the necropsy of the panda that died (P000),
 * a running prescription of the panda under observation with yesterday's doses ticked, a keeper's abnormal log
 * waiting for a vet, and a reference growth curve for the giant panda. Once: skipped when a necropsy exists.
 */

const rows = async <T>(tx: Tx, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
const dayAgo = async (tx: Tx, n: number) => (await rows<{ d: string }>(tx, sql`select to_char(current_date - ${n}::int, 'YYYY-MM-DD') as d`))[0]!.d;

/** Giant panda reference weights by age (days → kg): captive growth, rounded; to be replaced by the zoo's own curve. */
const PANDA_CURVE: Array<[number, number]> = [
  // The neonatal weeks in detail (the cub care chart compares daily weights with them): decision 0042's sources.
  [0, 0.15],
  [7, 0.3],
  [14, 0.6],
  [21, 1.1],
  [30, 1.8],
  [45, 2.9],
  [60, 3.9],
  [90, 6],
  [180, 13],
  [365, 35],
  [730, 60],
  [1095, 80],
  [1460, 95],
  [2190, 105],
  [3650, 110],
];

/**
 * Giant panda haematology reference intervals (test, unit, low, high): demonstration values in the shape of
 * Species360's physiological reference intervals (ZIMS expected test results), not checked against them; each zoo
 * replaces them with its laboratory's or Species360's current figures.
 */
const PANDA_HAEMATOLOGY: Array<[string, string, number, number]> = [
  ['白细胞计数(WBC)', '10^9/L', 4.5, 12.5],
  ['红细胞计数(RBC)', '10^12/L', 5, 8],
  ['血红蛋白(HGB)', 'g/L', 110, 170],
  ['红细胞压积(HCT)', '%', 35, 50],
  ['血小板计数(PLT)', '10^9/L', 150, 600],
];
const LAB_REF_SOURCE = '示范数据:大熊猫血液学参考区间(仿 Species360 生理参考区间格式),请以本园或 Species360 现行数值替换';

export async function seedDemoVetCare(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    const animals = new Map((await tx.select().from(zooAnimal).where(eq(zooAnimal.isDeleted, 0))).map((a) => [a.localNo, a] as const));
    // The intervals came after the rest of this demo: a demo zoo seeded before gets them on its next start.
    const pandaSpecies = animals.get('P001')?.speciesId;
    if (pandaSpecies && !(await tx.select({ id: zooMedLabRef.id }).from(zooMedLabRef).limit(1)).length)
      await tx
        .insert(zooMedLabRef)
        .values(
          PANDA_HAEMATOLOGY.map(([testName, unit, refLow, refHigh]) => ({ speciesId: pandaSpecies, testName, unit, refLow, refHigh, source: LAB_REF_SOURCE })),
        );
    if ((await tx.select({ id: zooMedNecropsy.id }).from(zooMedNecropsy).limit(1)).length) return;
    const drug = async (generic: string) => (await tx.select().from(zooMedDrug).where(eq(zooMedDrug.genericName, generic)))[0];
    const latestWeight = async (animalId: string) =>
      (
        await tx
          .select()
          .from(zooMedWeight)
          .where(eq(zooMedWeight.animalId, animalId))
          .orderBy(sql`weigh_date desc`)
          .limit(1)
      )[0];

    // 威威 (T001): the extraction of the fractured canine, ketamine by dart, on the day the case opened.
    const tiger = animals.get('T001');
    const ketamine = await drug('ketamine');
    const [tigerCase] = tiger ? await tx.select().from(zooMedCase).where(eq(zooMedCase.animalId, tiger.id)).limit(1) : [];
    if (tiger && ketamine && tigerCase) {
      const w = await latestWeight(tiger.id);
      if (w) {
        const { doseMg, amount } = computeDose({
          mgPerKg: 5,
          weightKg: w.weightKg,
          concentration: ketamine.concentration,
          concentrationUnit: ketamine.concentrationUnit as ConcentrationUnit,
        });
        await tx.insert(zooMedAnaesthesia).values({
          animalId: tiger.id,
          caseId: tigerCase.id,
          procDate: tigerCase.openDate,
          procedure: '左上犬齿拔除',
          delivery: 1,
          agents: [{ drugId: ketamine.id, drugName: ketamine.drugName, doseMgKg: 5, doseMg, amount: amount as number, concentrationUnit: 1, outOfRange: '' }],
          weightId: w.id,
          weightKg: w.weightKg,
          inductionTime: '09:12',
          recoveryTime: '10:40',
          reversal: '',
          readings: [
            { time: '09:20', heartRate: 66, respRate: 14, spo2: 95, temperature: 37.8 },
            { time: '09:40', heartRate: 62, respRate: 12, spo2: 97, temperature: 37.6 },
            { time: '10:00', heartRate: 58, respRate: 10, spo2: 98, temperature: 37.4 },
            { time: '10:20', heartRate: 60, respRate: 11, spo2: 97, temperature: 37.3 },
          ],
          monitoring: '心率 58–66 次/分,呼吸 10–14 次/分,SpO2 95–98%',
          complications: '',
        });
      }
    }

    // The cranes: avian influenza (H5+H7) twice a year, deworming every three months; 丹丹's deworming is overdue.
    for (const [localNo, vaccineDue, dewormDue] of [
      ['C001', 10, -5],
      ['C002', 60, 40],
    ] as const) {
      const c = animals.get(localNo);
      if (!c) continue;
      await tx.insert(zooMedVaccination).values([
        {
          animalId: c.id,
          kind: 1,
          product: '重组禽流感病毒(H5+H7)三价灭活疫苗',
          batchNo: 'H5H7-2405',
          dose: '0.5 mL',
          route: 1,
          givenDate: await dayAgo(tx, 180 - vaccineDue),
          nextDue: await dayAgo(tx, -vaccineDue),
        },
        {
          animalId: c.id,
          kind: 2,
          product: '阿苯达唑',
          batchNo: 'ABZ-11',
          dose: '拌料',
          route: 4,
          givenDate: await dayAgo(tx, 90 - dewormDue),
          nextDue: await dayAgo(tx, -dewormDue),
        },
      ]);
    }

    // A crane arrived ten days ago from a rescue centre into a new 隔离检疫 cage beside the cranes: in quarantine.
    const crane = animals.get('C001');
    if (crane?.cageId) {
      const [home] = await tx.select().from(zooCage).where(eq(zooCage.id, crane.cageId));
      const [cage] = await tx
        .insert(zooCage)
        .values({ venueId: home!.venueId, cageCode: 'Q-01', cageName: '鸟类隔离检疫舍', cageType: 6, capacity: 4, remark: '新引进个体隔离观察' })
        .returning();
      const [bird] = await tx
        .insert(zooAnimal)
        .values({ speciesId: crane.speciesId, localNo: 'C010', animalName: '青青', sex: 2, origin: 2, cageId: cage!.id, remark: '救护后引进' })
        .returning();
      const v = sexVector(2);
      const arrived = await dayAgo(tx, 10);
      const [log] = await tx
        .insert(zooStockLog)
        .values({
          movementType: 'import',
          animalType: 1,
          speciesId: crane.speciesId,
          animalId: bird!.id,
          toCageId: cage!.id,
          maleQuantity: v[0],
          femaleQuantity: v[1],
          theyQuantity: v[2],
          toBefore: [0, 0, 0],
          toAfter: v,
          statusBefore: 0,
          statusAfter: 1,
          typeKey: '2',
          counterpart: '示范省野生动物救护中心',
          remark: '救护康复后移交',
          eventDate: sql`${`${arrived} 10:00:00`}::timestamp`,
        })
        .returning({ id: zooStockLog.id });
      await tx
        .insert(zooMedQuarantine)
        .values({ animalId: bird!.id, cageId: cage!.id, stockLogId: log!.id, startDate: arrived, days: 30, endDate: await dayAgo(tx, -20) });
      await tx
        .insert(zooMedWeight)
        .values({ animalId: bird!.id, weighDate: arrived, weightKg: 7.2, unit: 'kg', method: 1, bodyCondition: 4, remark: '入园称重' });
    }

    // The necropsy of 园园 (P000), who died of old age: class I, so the disposal papers are on file.
    const [death] = await tx
      .select()
      .from(zooStockLog)
      .where(and(eq(zooStockLog.movementType, 'die'), eq(zooStockLog.animalType, 1), eq(zooStockLog.animalId, animals.get('P000')?.id ?? '0')))
      .limit(1);
    if (death) {
      const day = (await rows<{ d: string }>(tx, sql`select to_char(${death.eventDate}::timestamp, 'YYYY-MM-DD') as d`))[0]!.d;
      await tx.insert(zooMedNecropsy).values({
        animalId: death.animalId!,
        stockLogId: death.id,
        necropsyDate: day,
        prosector: '张兽医',
        findings: '体况差;肾脏萎缩、表面凹凸不平;心肌色淡;肺部散在淤血',
        causeOfDeath: '高龄,慢性肾衰竭继发多器官功能衰竭',
        samples: '肾、肝、心、肺组织(福尔马林固定),血清',
        disposal: 3,
        disposalDate: day,
        disposalRecord: '经主管部门同意制作骨骼标本,移交标本馆',
        authorityRef: '示林护〔2024〕12号',
      });
    }

    // 乐乐 (P003), under observation: a five-day course of amoxicillin-clavulanate twice a day, yesterday's doses given.
    const panda = animals.get('P003');
    const amox = await drug('amoxicillin-clavulanate');
    const [pandaCase] = panda ? await tx.select().from(zooMedCase).where(eq(zooMedCase.animalId, panda.id)).limit(1) : [];
    if (panda && amox && pandaCase) {
      const w = await latestWeight(panda.id);
      if (w) {
        const { doseMg, amount } = computeDose({ mgPerKg: 12.5, weightKg: w.weightKg, concentration: amox.concentration, concentrationUnit: 2 });
        const start = await dayAgo(tx, 1);
        const [rx] = await tx
          .insert(zooMedTreatment)
          .values({
            caseId: pandaCase.id,
            animalId: panda.id,
            drugId: amox.id,
            doseMgKg: 12.5,
            weightId: w.id,
            weightKg: w.weightKg,
            doseMg,
            amount,
            concentration: amox.concentration,
            concentrationUnit: 2,
            route: 4,
            frequency: 2,
            durationDays: 5,
            startDate: start,
            remark: '混于窝窝头中投喂',
          })
          .returning({ id: zooMedTreatment.id });
        await tx.insert(zooMedAdministration).values([
          { treatmentId: rx!.id, animalId: panda.id, dueDate: start, slot: 1, adminStatus: 1, givenTime: '08:30' },
          { treatmentId: rx!.id, animalId: panda.id, dueDate: start, slot: 2, adminStatus: 3, givenTime: '', remark: '拒食窝窝头,改日换法' },
        ]);
      }
    }

    // 红红 (C002): yesterday's keeper log marked 异常, waiting on the vet's home.
    const red = animals.get('C002');
    if (red) {
      const yesterday = await dayAgo(tx, 1);
      const changed = await tx
        .update(zooBasicLog)
        .set({ health: 3, remark: '右翅下垂,不愿站立' })
        .where(and(eq(zooBasicLog.animalId, red.id), eq(zooBasicLog.logDate, yesterday), eq(zooBasicLog.isDeleted, 0)))
        .returning({ id: zooBasicLog.id });
      if (!changed.length)
        await tx.insert(zooBasicLog).values({
          animalType: 1,
          animalId: red.id,
          speciesId: red.speciesId,
          cageId: red.cageId,
          logDate: yesterday,
          logTime: '08:00',
          health: 3,
          remark: '右翅下垂,不愿站立',
        });
    }

    if (pandaSpecies)
      await tx
        .insert(zooMedWeightRef)
        .values(
          PANDA_CURVE.map(([ageDays, weightKg]) => ({ speciesId: pandaSpecies, ageDays, weightKg, source: '示范数据:圈养大熊猫生长参考,请以谱系资料核对' })),
        );
  });
}
