import { describe, expect, it } from 'vitest';
import { t, admin, panda, crane, today, post, get, weigh, openCase, setupVetTests, lastId } from './vet-test-kit';

/** The merged timeline's audit rows: the animal record's and its medical records' changes and removals (decision 0038). */
setupVetTests();

type Entry = { kind: string; id: string; at: string; title: string; detail: string; flag: number; subject: string };
async function timeline(animalId: string): Promise<Entry[]> {
  const first = await get(admin, 'timeline', { animalId, current: '1', size: '10' });
  expect(first.body.success, JSON.stringify(first.body)).toBe(true);
  const all: Entry[] = [];
  for (let p = 1; p <= first.body.data.pages; p++) all.push(...(await get(admin, 'timeline', { animalId, current: String(p), size: '10' })).body.data.records);
  expect(all).toHaveLength(first.body.data.total);
  return all;
}
const remove = (what: string, id: string) => t.request({ method: 'POST', url: `/zoo-medical/${what}/remove`, token: admin, query: { ids: id } });

describe('the timeline’s audit rows', () => {
  it('shows the edits and removals of the animal’s medical records (not their creation), removed records included', async () => {
    await weigh(panda, 120.5, today);
    const weight = await lastId('zoo_med_weight');
    const caseId = await openCase(panda, today, '精神沉郁');
    const lab = { animalId: panda, sampleDate: today, sampleType: 1, testName: 'WBC', value: 20, unit: '10^9/L', refLow: 4, refHigh: 12 };
    expect((await post(admin, 'lab/submit', lab)).body.success).toBe(true);
    const labId = await lastId('zoo_med_lab');
    expect((await post(admin, 'vaccination/submit', { animalId: panda, kind: 1, product: '犬瘟热疫苗', givenDate: today })).body.success).toBe(true);
    const vaccination = await lastId('zoo_med_vaccination');
    // The crane's records are not the panda's: their changes stay off the panda's timeline.
    const craneCase = await openCase(crane, today, '跛行');
    const before = (await timeline(panda)).filter((e) => e.kind === 'audit');
    expect(before.every((e) => e.subject === 'animal')).toBe(true);

    const edit = await post(admin, 'case/submit', { id: caseId, animalId: panda, openDate: today, complaint: '精神沉郁', diagnosis: '胃肠炎' });
    expect(edit.body.success, JSON.stringify(edit.body)).toBe(true);
    expect(
      (await post(admin, 'vaccination/submit', { id: vaccination, animalId: panda, kind: 1, product: '犬瘟热疫苗', givenDate: today, batchNo: 'B-17' })).body
        .success,
    ).toBe(true);
    expect((await remove('lab', labId)).body.success).toBe(true);
    expect((await remove('weight', weight)).body.success).toBe(true);
    expect((await post(admin, 'case/submit', { id: craneCase, animalId: crane, openDate: today, complaint: '跛行', diagnosis: '扭伤' })).body.success).toBe(
      true,
    );

    const all = await timeline(panda);
    const medical = all.filter((e) => e.kind === 'audit' && e.subject !== 'animal');
    expect(medical.map((e) => [e.subject, e.title]).sort()).toEqual(
      [
        ['case', 'update'],
        ['lab', 'delete'],
        ['vaccination', 'update'],
        ['weight', 'delete'],
      ].sort(),
    );
    expect(medical.find((e) => e.subject === 'case')!.detail).toContain('diagnosis');
    expect(medical.find((e) => e.subject === 'vaccination')!.detail).toContain('batch_no');
    // The removed lab result and weighing leave the records' entries; their removals stay.
    expect(all.some((e) => e.kind === 'lab' && e.id === labId)).toBe(false);
    expect(all.some((e) => e.kind === 'weight' && e.id === weight)).toBe(false);
    const ats = all.map((e) => `${e.at} ${e.id.padStart(20, '0')}`);
    expect(ats).toEqual([...ats].sort().reverse());
    // Non-audit entries carry no subject.
    expect(all.filter((e) => e.kind !== 'audit').every((e) => e.subject === '')).toBe(true);
    expect((await timeline(crane)).filter((e) => e.kind === 'audit' && e.subject === 'case')).toHaveLength(1);
  });
});
