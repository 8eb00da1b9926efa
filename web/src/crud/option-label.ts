import type { TFunction } from 'i18next';
import type { Option } from './types';

/** An option's label: its i18n key translated when the key exists, else the text itself. */
export const optionLabel = (t: TFunction, option: Option | undefined): string | undefined =>
  option === undefined ? undefined : t(option.label, { defaultValue: option.label });
