import { z } from 'zod';
import { DateTimeOut, Id, Page, PageQuery } from '../common';
import { endpoint } from '../endpoint';
import { SpeciesRecord, breedingAgeFields, checkGestation, gestationFields } from './species';
import { NumOut, dictInt, optText, reqId, updateId } from '../fields';

/** valid: licence in force today; expired: past its end date; pending: not yet in force. */
export const LICENCE_STATES = ['valid', 'expired', 'pending'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** In-stock totals of one species: individuals (status 1) plus population counts. */
export const StockCounts = {
  individualCount: z.number(),
  populationQuantity: z.number(),
  maleQuantity: z.number(),
  femaleQuantity: z.number(),
  theyQuantity: z.number(),
  totalQuantity: z.number(),
};

/** A species a zoo is authorised to hold (its licence scope), with the zoo's local fields and stock. */
export const ZooSpeciesRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  protectionClass: z.number(),
  citesAppendix: z.string(),
  iucnCategory: z.string(),
  defaultManagementMode: z.number(),
  /** The zoo's override ("" when it follows the library's default). */
  managementModeOverride: NumOut,
  managementMode: z.number(),
  /** The library's gestation range, the zoo's own ("" when it follows the library) and the one in force. */
  defaultGestationMinDays: NumOut,
  defaultGestationMaxDays: NumOut,
  gestationMinDays: NumOut,
  gestationMaxDays: NumOut,
  effectiveGestationMinDays: NumOut,
  effectiveGestationMaxDays: NumOut,
  /** The library's breeding age, the zoo's own ("" when it follows the library) and the one in force. */
  defaultBreedingAgeYears: NumOut,
  breedingAgeYears: NumOut,
  effectiveBreedingAgeYears: NumOut,
  localName: z.string(),
  localRemark: z.string(),
  licenceNo: z.string(),
  issuingAuthority: z.string(),
  validFrom: DateTimeOut,
  validTo: DateTimeOut,
  approvedQuantity: NumOut,
  licenceState: z.enum(LICENCE_STATES),
  ...StockCounts,
  updateTime: DateTimeOut,
});
export type ZooSpeciesRecord = z.infer<typeof ZooSpeciesRecord>;

export const SpeciesDistZoo = z.object({
  /** Only the platform administrator gets tenant ids and licence data; zoo users get names and counts. */
  tenantId: z.string().optional(),
  tenantName: z.string(),
  licenceNo: z.string().optional(),
  validTo: z.string().optional(),
  licenceState: z.enum(LICENCE_STATES).optional(),
  ...StockCounts,
});
export const SpeciesDist = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  zooCount: z.number(),
  ...StockCounts,
  zoos: z.array(SpeciesDistZoo),
});

const base = '/zoo-species/species';
const listFilters = { speciesName: z.string().optional(), latinName: z.string().optional() };

export const zooSpeciesEndpoints = {
  public: endpoint({
    method: 'GET',
    path: `${base}/public`,
    summary: '平台物种库 (标注本园是否已获授权)',
    access: 'login',
    query: PageQuery.extend({ ...listFilters, protectionClass: z.string().optional(), citesAppendix: z.string().optional() }).loose(),
    data: Page(SpeciesRecord.extend({ authorised: z.boolean() })),
  }),
  dist: endpoint({
    method: 'GET',
    path: `${base}/dist`,
    summary: '物种在各动物园的分布',
    access: 'login',
    query: z.object({ id: reqId('物种') }),
    data: SpeciesDist,
    crossTenant: true,
  }),
  list: endpoint({
    method: 'GET',
    path: `${base}/list`,
    summary: '本园授权物种分页 (含存栏)',
    access: 'login',
    query: PageQuery.extend({ ...listFilters, licenceState: z.enum(LICENCE_STATES).optional() }).loose(),
    data: Page(ZooSpeciesRecord),
  }),
  select: endpoint({
    method: 'GET',
    path: `${base}/select`,
    summary: '本园可登记物种下拉 (许可证在有效期内)',
    access: 'login',
    query: z.object({ all: z.enum(['true', 'false']).optional() }),
    data: z.array(
      z.object({ id: z.string(), speciesName: z.string(), latinName: z.string(), managementMode: z.number(), licenceState: z.enum(LICENCE_STATES) }),
    ),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: '本园授权物种详情 (id 为授权记录 id,或传 speciesId)',
    access: 'login',
    query: z.object({ id: Id.optional(), speciesId: Id.optional() }).refine((q) => q.id || q.speciesId, '缺少必要的请求参数: id'),
    data: ZooSpeciesRecord,
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/update`,
    summary: '修改本园物种的本地信息',
    access: { perm: 'zoo_species_edit' },
    body: z
      .object({
        id: updateId,
        localName: optText('本园名称', 100),
        localRemark: optText('本园备注', 500),
        managementMode: z.preprocess(
          (v) => (v === '' || v === null ? null : v),
          dictInt('管理方式', [1, 2] as const)
            .nullable()
            .optional(),
        ),
        ...gestationFields,
        ...breedingAgeFields,
      })
      .superRefine(checkGestation),
    data: z.object({}).loose(),
  }),
};
