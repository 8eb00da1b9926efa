import { z } from 'zod';
import { endpoint } from './endpoint';

/** Every dictionary code the spec and contract use; the seed creates each of them. */
export const DICT_CODES = [
  'sex',
  'notice',
  'menu_category',
  'button_func',
  'yes_no',
  'flow',
  'org_category',
  'data_scope_type',
  'api_scope_type',
  'scope_category',
  'oss',
  'sms',
  'post_category',
  'region',
  'user_type',
  'cancellation_type',
  'die_type',
  'export_type',
  // stock ledger
  'import_type',
  'born_type',
  'stock_movement_type',
  'transfer_status',
  // zoo registry
  'animal_sex',
  'animal_status',
  'animal_origin',
  'birth_precision',
  'flag_type',
  'management_mode',
  'protection_class',
  'protection_authority',
  'cites_appendix',
  'iucn_category',
  // permits (decision 0040)
  'permit_kind',
  'taxonomy_rank',
  'cage_type',
  'source_confidence',
  'licence_state',
] as const;
export type DictCode = (typeof DICT_CODES)[number];

export const DictItem = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  /** The English label; '' when none was given (the web then shows dictValue). */
  dictValueEn: z.string(),
  sort: z.number(),
  remark: z.string(),
});
export type DictItem = z.infer<typeof DictItem>;

export const dictionaryEndpoints = {
  dictionary: endpoint({
    method: 'GET',
    path: '/blade-system/dict/dictionary',
    summary: '按编码查询字典项',
    access: 'login',
    query: z.object({ code: z.string({ error: '请输入字典编码' }).min(1, '请输入字典编码') }),
    data: z.array(DictItem),
  }),
};
