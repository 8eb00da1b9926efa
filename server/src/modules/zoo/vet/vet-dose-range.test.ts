import { describe, expect, it } from 'vitest';
import { t, admin, panda, crane, today, post, get, drug, openCase, setupVetTests, weigh } from './vet-test-kit';

setupVetTests();

/** The species' taxa from its own up: [id, Chinese name, rank]. */
const taxaOf = async (latin: string) =>
  (
    await t.sql.query(
      `with recursive up as (
         select x.id, x.parent_id, x.name_cn, x.rank from zoo_taxonomy x join zoo_species s on s.taxonomy_id = x.id where s.latin_name = $1
         union all select x.id, x.parent_id, x.name_cn, x.rank from zoo_taxonomy x join up on x.id = up.parent_id)
       select id::text, name_cn, rank from up order by rank`,
      [latin],
    )
  ).rows as Array<{ id: string; name_cn: string; rank: number }>;

describe('species and taxon dose ranges in the formulary', () => {
  it('checks a dose against the species’ own range, else its nearest taxon’s, else the drug’s', async () => {
    const pandaSpecies = (await t.sql.query(`select id::text, species_name from zoo_species where latin_name = 'Ailuropoda melanoleuca'`)).rows[0];
    const birdClass = (await taxaOf('Grus japonensis'))[0]!;
    expect(birdClass.rank).toBe(1);
    const base = { drugName: '盐酸氯胺酮注射液', concentration: 100, doseMin: 2, doseMax: 10 };
    const bad = (taxonRanges: unknown[]) => post(admin, 'drug/submit', { form: 1, concentrationUnit: 1, ...base, taxonRanges });
    expect((await bad([{ speciesId: pandaSpecies.id, taxonomyId: birdClass.id, doseMin: 1 }])).body.msg).toBe('物种剂量范围须选择一个物种或一个分类阶元');
    expect((await bad([{ speciesId: pandaSpecies.id }])).body.msg).toBe('物种剂量范围须填写最小或最大剂量');
    expect((await bad([{ speciesId: pandaSpecies.id, doseMin: 3, doseMax: 1 }])).body.msg).toBe('物种最小剂量不能大于最大剂量');
    expect((await bad([{ speciesId: '999999999', doseMin: 1 }])).body.msg).toBe('物种剂量范围中的物种不存在');
    expect(
      (
        await bad([
          { speciesId: pandaSpecies.id, doseMin: 1 },
          { speciesId: pandaSpecies.id, doseMax: 2 },
        ])
      ).body.msg,
    ).toBe('同一物种或分类阶元只能有一条剂量范围');
    const ketamine = await drug({
      ...base,
      taxonRanges: [
        { speciesId: pandaSpecies.id, doseMin: 1, doseMax: 3 },
        { taxonomyId: birdClass.id, doseMin: 5, doseMax: 8 },
      ],
    });
    const record = (await get(admin, 'drug/detail', { id: ketamine })).body.data;
    expect(record.taxonRanges).toEqual([
      { speciesId: pandaSpecies.id, taxonomyId: '', name: pandaSpecies.species_name, doseMin: 1, doseMax: 3 },
      { speciesId: '', taxonomyId: birdClass.id, name: birdClass.name_cn, doseMin: 5, doseMax: 8 },
    ]);

    await weigh(panda, 100, today);
    await weigh(crane, 8.5, today);
    const pandaCase = await openCase(panda, today);
    const craneCase = await openCase(crane, today);
    const calc = async (caseId: string, doseMgKg: number) =>
      (await get(admin, 'treatment/calc', { caseId, drugId: ketamine, doseMgKg: String(doseMgKg), startDate: today })).body.data;
    // 4 mg/kg is inside the drug's 2–10, outside the panda's 1–3.
    expect(await calc(pandaCase, 4)).toMatchObject({
      doseMin: 1,
      doseMax: 3,
      outOfRange: `剂量 4 mg/kg 超出药品目录中「${pandaSpecies.species_name}」的范围 1–3 mg/kg`,
    });
    expect(await calc(pandaCase, 2.5)).toMatchObject({ doseMg: 250, amount: 2.5, outOfRange: '' });
    // The crane has no species range: its class's 5–8 applies.
    expect((await calc(craneCase, 4)).outOfRange).toBe(`剂量 4 mg/kg 超出药品目录中「${birdClass.name_cn}」的范围 5–8 mg/kg`);
    expect(await calc(craneCase, 6)).toMatchObject({ doseMg: 51, amount: 0.51, outOfRange: '' });

    const rx = { caseId: pandaCase, drugId: ketamine, doseMgKg: 4, route: 1, startDate: today };
    expect((await post(admin, 'treatment/submit', rx)).body).toMatchObject({
      code: 400,
      msg: `剂量 4 mg/kg 超出药品目录中「${pandaSpecies.species_name}」的范围 1–3 mg/kg,请确认后再提交`,
    });
    expect((await post(admin, 'treatment/submit', { ...rx, confirmOutOfRange: true })).body.success).toBe(true);
    expect((await get(admin, 'treatment/list', { caseId: pandaCase })).body.data.records[0]).toMatchObject({ outOfRange: 1, doseMg: 400 });
  });
});
