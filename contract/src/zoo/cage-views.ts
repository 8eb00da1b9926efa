import { z } from 'zod';
import { Page, PageQuery } from '../common';
import { reqId } from '../fields';
import { endpoint } from '../endpoint';
import { AnimalRecord } from './animal';
import { PopulationRecord } from './population';

/** What a cage holds: read-only views over populations and animals, paged, for /cage/detail/{cageId}. */
export const cageViewEndpoints = {
  cagePopulationList: endpoint({
    method: 'GET',
    path: '/zoo-cage-population/cagePopulation/list',
    summary: '笼舍内的种群',
    access: 'login',
    query: PageQuery.extend({ cageId: reqId('笼舍'), speciesId: z.string().optional() }).loose(),
    data: Page(PopulationRecord),
  }),
  cageAnimalList: endpoint({
    method: 'GET',
    path: '/zoo-cageAnimal/cageAnimal/list',
    summary: '笼舍内的个体 (默认仅在养)',
    access: 'login',
    query: PageQuery.extend({ cageId: reqId('笼舍'), speciesId: z.string().optional(), status: z.string().optional() }).loose(),
    data: Page(AnimalRecord),
  }),
};
