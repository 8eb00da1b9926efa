import { z } from 'zod';
import { DateTimeOut, Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, optText, reqId, reqText } from '../fields';
import { dayIn } from './basic-log';
import { isDateTimeText } from '../wire';

/**
 * Permits as records (decision 0040): the documents a zoo holds for its protected animals — the licences of the
 * Wildlife Protection Law (arts. 25, 28, 29, 37), transport certificates, CITES permits — each with its species
 * lines and what of them has been used. Everything lives under `/zoo-permit/`.
 */

/**
 * Kinds (dictionary `permit_kind`): 1 人工繁育许可证 (驯养繁殖许可证), 2 经营利用许可证, 3 野生动物运输证明,
 * 4 CITES 出口许可证, 5 CITES 进口许可证, 6 CITES 再出口证明书, 7 允许进出口证明书, 8 检疫证明, 9 专用标识卡.
 */
export const PERMIT_KINDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];
export const PERMIT_KIND = { breeding: 1, trade: 2, transport: 3, citesExport: 4, citesImport: 5, citesReexport: 6, importExport: 7 } as const;
/** Kinds whose species lines are consumed by the movements they cover (a transport or trade document). */
export const CONSUMED_KINDS: readonly number[] = [3, 4, 5, 6, 7];
/** CITES documents: they carry purpose and source codes. */
export const CITES_KINDS: readonly number[] = [4, 5, 6, 7];

/**
 * Purpose-of-transaction codes of CITES Res. Conf. 12.3 (Rev. CoP19), Annex 2 / Annex 3: T commercial, Z zoo,
 * G botanical garden, Q circus or travelling exhibition, S scientific, H hunting trophy, P personal, M bio-medical
 * research, E educational, N reintroduction or introduction into the wild, B breeding in captivity or artificial
 * propagation, L law enforcement / judicial / forensic.
 */
export const CITES_PURPOSES = ['T', 'Z', 'G', 'Q', 'S', 'H', 'P', 'M', 'E', 'N', 'B', 'L'] as const;
/**
 * Source codes of Res. Conf. 12.3 (Rev. CoP19) for animals: W wild, R ranched, D Appendix-I animals bred in captivity
 * in registered operations (Res. Conf. 12.10), C bred in captivity (Res. Conf. 10.16), F born in captivity (F1) not
 * meeting 10.16, U unknown, I confiscated or seized, O pre-Convention, X introduction from the sea. A and Y are for
 * plants only and are refused here.
 */
export const CITES_SOURCES = ['W', 'R', 'D', 'C', 'F', 'U', 'I', 'O', 'X'] as const;

const code = <const K extends readonly string[]>(label: string, keys: K) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: `${label}取值不正确` })
      .refine((s) => (keys as readonly string[]).includes(s), {
        message: label === 'CITES来源代码' ? `CITES来源代码只能是 ${keys.join('、')}(A、Y 仅用于植物)` : `${label}只能是 ${keys.join('、')}`,
      })
      .nullable()
      .optional(),
  );
export const purposeCodeIn = code('CITES交易目的代码', CITES_PURPOSES);
export const sourceCodeIn = code('CITES来源代码', CITES_SOURCES);

/** The permits a movement or transfer names (at most ten, each once). */
export const permitIdsIn = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(reqId('许可证'), { error: '许可证格式不正确' }).max(10, '最多选择10个许可证'),
);

/** The zoo parameter saying what a birth or import beyond the licence's approved quantity does: `warn` (default) or `refuse`. */
export const overQuotaParamKey = (tenantId: string) => `zoo.permit.overQuota.${tenantId}`;

/** 0 any sex, 1 male, 2 female, 3 unknown (animal_sex). */
export const PERMIT_SEX = [0, 1, 2, 3] as const;

/** One species line of a permit: how many animals (of which sex) it covers. */
export const PermitLineIn = z.object({
  speciesId: reqId('许可物种'),
  sex: dictInt('性别', PERMIT_SEX).default(0),
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: '请输入许可数量' }).int('许可数量必须是整数').min(1, '许可数量不能小于1').max(1_000_000, '许可数量不能大于1000000'),
  ),
});
export const PermitLine = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  sex: z.number(),
  quantity: z.number(),
  /** Used by movements and transfers (consumed kinds), else 0. */
  used: z.number(),
  remaining: z.number(),
});
export type PermitLine = z.output<typeof PermitLine>;

/** valid: in force today; expired: past its last day; pending: not yet in force; used: nothing left to cover. */
export const PERMIT_STATES = ['valid', 'expired', 'pending', 'used'] as const;

export const PermitRecord = z.object({
  ...TenantRecord,
  kind: z.number().meta({ title: '许可证类型' }),
  permitNo: z.string().meta({ title: '证件编号' }),
  issuingAuthority: z.string().meta({ title: '发证机关' }),
  holderName: z.string().meta({ title: '持证单位' }),
  validFrom: z.string().meta({ title: '生效日期' }),
  validTo: z.string().meta({ title: '有效期至' }),
  purposeCode: z.string().meta({ title: '交易目的代码' }),
  sourceCode: z.string().meta({ title: '来源代码' }),
  counterpart: z.string().meta({ title: '对方单位/国家' }),
  remark: z.string().meta({ title: '备注' }),
  lines: z.array(PermitLine),
  state: z.enum(PERMIT_STATES).meta({ title: '状态' }),
  /** Days until `validTo` (negative once expired; "" when open-ended). */
  daysLeft: z.union([z.number(), z.literal('')]),
  /** The species authorisation row the permit was adopted from ("" for permits entered as records). */
  licenceOrigin: z.string(),
});
export type PermitRecord = z.output<typeof PermitRecord>;

const optDay = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z
      .string()
      .refine((s) => s.length === 10 && isDateTimeText(s), `${label}格式应为 yyyy-MM-dd`)
      .nullable()
      .optional(),
  );

export const PermitIn = z
  .object({
    id: Id.optional(),
    kind: dictInt('许可证类型', PERMIT_KINDS),
    permitNo: reqText('证件编号', 100),
    issuingAuthority: reqText('发证机关', 100),
    holderName: optText('持证单位', 100),
    validFrom: dayIn('生效日期'),
    validTo: optDay('有效期至'),
    purposeCode: purposeCodeIn,
    sourceCode: sourceCodeIn,
    counterpart: optText('对方单位/国家', 200),
    remark: optText('备注', 500),
    lines: z.array(PermitLineIn, { error: '请填写许可物种' }).min(1, '请填写至少一个许可物种').max(50, '许可物种最多50行'),
  })
  .superRefine((v, ctx) => {
    if (v.validTo && v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', message: '有效期至不能早于生效日期', path: ['validTo'] });
    if (CITES_KINDS.includes(v.kind)) {
      if (!v.purposeCode) ctx.addIssue({ code: 'custom', message: 'CITES证件须填写交易目的代码', path: ['purposeCode'] });
      if (!v.sourceCode) ctx.addIssue({ code: 'custom', message: 'CITES证件须填写来源代码', path: ['sourceCode'] });
    }
    const seen = new Set<string>();
    for (const [i, l] of v.lines.entries()) {
      const key = `${l.speciesId}/${l.sex}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: '同一物种、性别的许可行重复', path: ['lines', i, 'speciesId'] });
      seen.add(key);
    }
  });

export const permit = defineCrud({
  name: 'permit',
  base: '/zoo-permit/permit',
  title: '许可证',
  record: PermitRecord,
  input: PermitIn,
  filters: z.object({ permitNo: z.string().optional(), kind: NumFilter, issuingAuthority: z.string().optional() }),
  params: z.object({
    /** Permits with a line for this species. */
    speciesId: z.preprocess((v) => (v === '' ? undefined : v), Id.optional()),
    state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PERMIT_STATES, { error: '状态取值不正确' }).optional()),
  }),
});

/** One use of a permit: a movement or a transfer it covered. */
export const PermitUse = z.object({
  id: z.string(),
  permitId: z.string(),
  speciesId: z.string(),
  speciesName: z.string(),
  quantity: z.number(),
  useDate: z.string(),
  stockLogId: z.string(),
  transferId: z.string(),
  /** export, import, transfer (the movement the use belongs to). */
  useKind: z.string(),
  createTime: DateTimeOut,
});

export const permitEndpoints = {
  uses: endpoint({
    method: 'GET',
    path: '/zoo-permit/permit/uses',
    summary: '许可证使用记录',
    access: { perm: 'permit_view' },
    query: z.object({ permitId: reqId('许可证') }),
    data: z.array(PermitUse),
  }),
  expiring: endpoint({
    method: 'GET',
    path: '/zoo-permit/permit/expiring',
    summary: '即将到期的许可证 (默认60天内)',
    access: { perm: 'permit_view' },
    query: z.object({
      days: z.preprocess(
        (v) => (v === '' || v === undefined ? 60 : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
        z.number({ error: '天数必须是整数' }).int('天数必须是整数').min(1, '天数不能小于1').max(3650, '天数不能大于3650'),
      ),
    }),
    data: z.array(PermitRecord),
  }),
};
