import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { optText, reqId } from '../fields';

/** Counts are non-negative integers, 0 when not given (spec §5, §9). */
const quantity = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(0, `${label}不能为负数`)
      .max(1_000_000, `${label}不能大于1000000`),
  );

export const PopulationRecord = z.object({
  ...TenantRecord,
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  cageId: z.string(),
  cageCode: z.string(),
  cageName: z.string(),
  venueName: z.string(),
  populationName: z.string().meta({ title: '种群名称' }),
  maleQuantity: z.number().meta({ title: '雄性数量' }),
  femaleQuantity: z.number().meta({ title: '雌性数量' }),
  theyQuantity: z.number().meta({ title: '性别不明数量' }),
  totalQuantity: z.number(),
  remark: z.string(),
});

/**
 * A species group held in one cage and counted M.F.U. The counts are the stock ledger's result (births, imports,
 * moves, exports, deaths, deregistrations); an update keeps species, cage and counts. A submit without id still
 * creates (contract) and books its counts as an import (decision 0027); the screens create through 出生登记 / 引进登记.
 */
export const population = defineCrud({
  name: 'population',
  base: '/zoo-population/population',
  title: '种群',
  record: PopulationRecord,
  input: z.object({
    id: Id.optional(),
    speciesId: reqId('物种'),
    cageId: reqId('笼舍'),
    populationName: optText('种群名称', 100),
    maleQuantity: quantity('雄性数量'),
    femaleQuantity: quantity('雌性数量'),
    theyQuantity: quantity('性别不明数量'),
    remark: optText('备注', 500),
  }),
  filters: z.object({ speciesId: z.string().optional(), cageId: z.string().optional(), populationName: z.string().optional() }),
});

export const populationEndpoints = {
  species: endpoint({
    method: 'GET',
    path: '/zoo-population/population/species',
    summary: '某物种的种群 (表单下拉)',
    access: 'login',
    query: z.object({ speciesId: reqId('物种') }),
    data: z.array(PopulationRecord),
  }),
};

/** Individually known members of a population (e.g. marked breeders within a flock). */
export const populationAnimal = defineCrud({
  name: 'population_animal',
  base: '/zoo-populationAnimal/populationAnimal',
  title: '种群成员',
  record: z.object({
    ...TenantRecord,
    populationId: z.string(),
    populationName: z.string(),
    animalId: z.string(),
    localNo: z.string(),
    animalName: z.string(),
    sex: z.number(),
    remark: z.string(),
  }),
  input: z.object({ id: Id.optional(), populationId: reqId('种群'), animalId: reqId('个体'), remark: optText('备注', 500) }),
  filters: z.object({ populationId: z.string().optional(), animalId: z.string().optional() }),
  perms: { add: 'population_edit', edit: 'population_edit', delete: 'population_edit', view: 'population_view' },
});
