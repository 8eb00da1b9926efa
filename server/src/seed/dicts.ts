import type { DictCode } from '@zoo/contract';
import { FRAMEWORK_DICTS } from './dicts-framework';
import { ZOO_DICTS } from './dicts-zoo';

/** One system dictionary: its name and its items as [dictKey, dictValue, remark?]. */
export interface DictSeed {
  name: string;
  items: Array<[string, string, string?]>;
}

/**
 * System dictionaries: code → [dictKey, dictValue, remark?][] (contract §6, spec §7). Keyed by the contract's
 * DictCode: a code the contract lists without a seed here (or a seed the contract does not list) is a compile error.
 */
export const DICT_SEED: Record<DictCode, DictSeed> = { ...FRAMEWORK_DICTS, ...ZOO_DICTS };
