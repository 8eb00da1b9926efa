/**
 * Microchip codes, ISO 11784/11785 and GB/T 20563-2006 (domain.md §3.7). Humans read 15 digits: a 3-digit
 * country or manufacturer prefix and a 12-digit national id. Legacy non-ISO chips (FDX-A's 10 characters,
 * 9-digit codes) are accepted and flagged, never rejected — zoos hold animals chipped decades ago.
 */

/** ISO 3166-1 numeric codes a Chinese zoo meets most (others are shown by number). */
const COUNTRIES: Record<string, string> = {
  '156': '中国',
  '344': '中国香港',
  '446': '中国澳门',
  '158': '中国台湾',
  '840': '美国',
  '826': '英国',
  '276': '德国',
  '250': '法国',
  '380': '意大利',
  '724': '西班牙',
  '528': '荷兰',
  '056': '比利时',
  '756': '瑞士',
  '040': '奥地利',
  '752': '瑞典',
  '208': '丹麦',
  '578': '挪威',
  '246': '芬兰',
  '643': '俄罗斯',
  '392': '日本',
  '410': '韩国',
  '036': '澳大利亚',
  '554': '新西兰',
  '124': '加拿大',
  '076': '巴西',
  '484': '墨西哥',
  '356': '印度',
  '764': '泰国',
  '704': '越南',
  '458': '马来西亚',
  '702': '新加坡',
  '360': '印度尼西亚',
  '608': '菲律宾',
  '710': '南非',
  '404': '肯尼亚',
  '496': '蒙古',
  '104': '缅甸',
  '418': '老挝',
  '524': '尼泊尔',
};

export const MICROCHIP_INVALID = '芯片号应为15位数字(ISO 11784/GB/T 20563),旧式非ISO芯片为9至10位字母或数字';

export interface MicrochipInfo {
  /** The code as stored (spaces removed). */
  code: string;
  isoCompliant: boolean;
  prefix: string;
  prefixKind: 'country' | 'manufacturer' | 'test' | '';
  prefixMeaning: string;
}

/** What a 3-digit ISO 11784 prefix means: 999 test, 900–998 manufacturer codes, otherwise an ISO 3166 country. */
export function chipPrefixMeaning(prefix: string): Pick<MicrochipInfo, 'prefixKind' | 'prefixMeaning'> {
  const n = Number(prefix);
  if (n === 999) return { prefixKind: 'test', prefixMeaning: '测试芯片 (999, ISO 11784 保留用于测试)' };
  if (n >= 900) return { prefixKind: 'manufacturer', prefixMeaning: `制造商代码 ${prefix} (900–998 为制造商代码段)` };
  const name = COUNTRIES[prefix];
  return { prefixKind: 'country', prefixMeaning: name ? `${name} (ISO 3166 国家代码 ${prefix})` : `ISO 3166 国家代码 ${prefix}` };
}

/** Parses a microchip code; null when it is neither an ISO 15-digit code nor a recognisable legacy code. */
export function parseMicrochip(raw: string): MicrochipInfo | null {
  const code = raw.replace(/\s+/g, '');
  if (/^\d{15}$/.test(code)) {
    const prefix = code.slice(0, 3);
    return { code, isoCompliant: true, prefix, ...chipPrefixMeaning(prefix) };
  }
  if (/^[0-9A-Za-z]{9,10}$/.test(code))
    return {
      code: code.toUpperCase(),
      isoCompliant: false,
      prefix: '',
      prefixKind: '',
      prefixMeaning: '非ISO旧式芯片 (如 FDX-A 125 kHz 10位码),无国家/制造商前缀',
    };
  return null;
}
