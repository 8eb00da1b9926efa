/** The demo zoo (SEED_DEMO): one park, venues, cages, ~30 animals with pedigrees and flags, 5 populations. */
export const DEMO_TENANT = { tenantId: '100000', tenantName: '示范动物园', linkman: '张园长', contactNumber: '13800000000', address: '示范市动物园路1号' };
export const DEMO_PARK = '示范动物园主园区';

/**
 * Licence scope: [Latin name, licence no, issuer, valid from, valid to], the dates as years from this one (valid
 * from 1 January, valid to 31 December): licences run from three years ago to the end of the year after next, so
 * a demo seeded on any day holds them a year ahead at least; 华南虎's licence has expired (demo). `demoLicenceDates`
 * turns them into dates.
 */
export const DEMO_LICENCES: Array<[string, string, string, number, number | null]> = [
  ['Ailuropoda melanoleuca', '(国)驯繁字[2023]001号', '国家林业和草原局', -3, 2],
  ['Ailurus fulgens', '(示)驯繁字[2023]011号', '示范省林业和草原局', -3, 2],
  ['Rhinopithecus roxellana', '(国)驯繁字[2023]002号', '国家林业和草原局', -3, 2],
  ['Macaca mulatta', '(示)驯繁字[2023]012号', '示范省林业和草原局', -3, null],
  ['Panthera tigris altaica', '(国)驯繁字[2023]003号', '国家林业和草原局', -3, 2],
  ['Panthera tigris amoyensis', '(国)驯繁字[2019]021号', '国家林业和草原局', -7, -2],
  ['Panthera uncia', '(国)驯繁字[2023]004号', '国家林业和草原局', -3, 2],
  ['Cervus nippon', '(国)驯繁字[2023]005号', '国家林业和草原局', -3, 2],
  ['Grus japonensis', '(国)驯繁字[2023]006号', '国家林业和草原局', -3, 2],
  ['Crossoptilon mantchuricum', '(国)驯繁字[2023]007号', '国家林业和草原局', -3, 2],
  ['Syrmaticus reevesii', '(国)驯繁字[2023]008号', '国家林业和草原局', -3, 2],
  ['Alligator sinensis', '(国)驯繁字[2023]009号', '国家林业和草原局', -3, 2],
];

/** Today in Asia/Shanghai as `yyyy-MM-dd` (the demo's calendar). */
export const demoToday = (now = Date.now()): string => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** A licence's dates for `today`: valid from 1 January `from` years on, to 31 December `to` years on (null: open). */
export function demoLicenceDates(from: number, to: number | null, today = demoToday()): { validFrom: string; validTo: string | null } {
  const year = Number(today.slice(0, 4));
  return { validFrom: `${year + from}-01-01 00:00:00`, validTo: to === null ? null : `${year + to}-12-31 00:00:00` };
}

/** [venue, [cage code, cage name, cage type, area m², capacity]] */
export const DEMO_VENUES: Array<[string, Array<[string, string, number, number, number]>]> = [
  [
    '熊猫馆',
    [
      ['PD-01', '大熊猫1号舍', 3, 1200, 8],
      ['PD-02', '小熊猫舍', 3, 400, 6],
    ],
  ],
  [
    '猛兽区',
    [
      ['CT-01', '东北虎展区', 3, 2500, 6],
      ['CT-02', '雪豹馆', 3, 800, 3],
    ],
  ],
  [
    '灵长类馆',
    [
      ['PR-01', '金丝猴舍', 3, 600, 10],
      ['PR-02', '猕猴山', 2, 1500, 60],
    ],
  ],
  [
    '鸟类区',
    [
      ['BD-01', '鹤苑', 2, 3000, 12],
      ['BD-02', '雉鸡园', 5, 500, 30],
    ],
  ],
  ['食草动物区', [['HB-01', '鹿苑', 2, 5000, 40]]],
  ['爬行馆', [['RP-01', '扬子鳄池', 4, 900, 40]]],
];

/**
 * [local no, name, Latin, sex, birth date, precision, origin, sire, dam, cage, status]. Parents are local numbers
 * of earlier rows, or UNK / WILD. Status 1 in stock, 2 exported, 3 dead.
 */
export type DemoAnimal = [string, string, string, 1 | 2 | 3, string | null, 1 | 2 | 3 | 4, 1 | 2 | 3, string, string, string | null, 1 | 2 | 3];
const PANDA = 'Ailuropoda melanoleuca';
const RED = 'Ailurus fulgens';
const TIGER = 'Panthera tigris altaica';
const SNOW = 'Panthera uncia';
const MONKEY = 'Rhinopithecus roxellana';
const CRANE = 'Grus japonensis';
export const DEMO_ANIMALS: DemoAnimal[] = [
  ['P000', '福福', PANDA, 1, '2000-08-01', 2, 1, 'UNK', 'UNK', null, 3],
  ['P001', '美美', PANDA, 2, '2005-08-15', 1, 1, 'UNK', 'UNK', 'PD-01', 1],
  ['P002', '阳阳', PANDA, 1, '2004-09-01', 2, 1, 'P000', 'UNK', 'PD-01', 1],
  ['P006', '安安', PANDA, 2, '2010-01-01', 3, 2, 'WILD', 'WILD', 'PD-01', 1],
  ['P003', '乐乐', PANDA, 1, '2015-07-20', 1, 1, 'P002', 'P001', 'PD-01', 1],
  ['P004', '欢欢', PANDA, 2, '2017-08-01', 1, 1, 'P002', 'P001', 'PD-01', 1],
  ['P005', '圆圆', PANDA, 2, '2021-06-10', 1, 1, 'P003', 'P006', 'PD-01', 1],
  ['R001', '小虎', RED, 1, '2016-06-01', 2, 1, 'UNK', 'UNK', 'PD-02', 1],
  ['R002', '花花', RED, 2, '2017-06-12', 1, 1, 'UNK', 'UNK', 'PD-02', 1],
  ['R003', '团团', RED, 2, '2020-06-20', 1, 1, 'R001', 'R002', 'PD-02', 1],
  ['R004', '豆豆', RED, 1, '2022-07-02', 1, 1, 'R001', 'R002', 'PD-02', 1],
  ['T001', '威威', TIGER, 1, '2012-05-03', 1, 1, 'UNK', 'UNK', 'CT-01', 1],
  ['T002', '妞妞', TIGER, 2, '2013-06-01', 2, 1, 'UNK', 'UNK', 'CT-01', 1],
  ['T003', '虎子', TIGER, 1, '2018-04-22', 1, 1, 'T001', 'T002', 'CT-01', 1],
  ['T004', '虎妞', TIGER, 2, '2018-04-22', 1, 1, 'T001', 'T002', 'CT-01', 1],
  ['T005', '壮壮', TIGER, 1, '2021-05-10', 1, 1, 'T001', 'T002', 'CT-01', 1],
  ['T006', '丫丫', TIGER, 2, '2016-05-15', 1, 1, 'T001', 'T002', null, 2],
  ['S001', '雪山', SNOW, 1, '2014-01-01', 3, 2, 'WILD', 'WILD', 'CT-02', 1],
  ['S002', '白雪', SNOW, 2, '2016-05-01', 2, 1, 'UNK', 'UNK', 'CT-02', 1],
  ['G001', '大金', MONKEY, 1, '2011-04-01', 2, 1, 'UNK', 'UNK', 'PR-01', 1],
  ['G002', '金花', MONKEY, 2, '2012-04-10', 1, 1, 'UNK', 'UNK', 'PR-01', 1],
  ['G003', '金叶', MONKEY, 2, '2013-01-01', 3, 3, 'UNK', 'UNK', 'PR-01', 1],
  ['G004', '金豆', MONKEY, 1, '2019-04-18', 1, 1, 'G001', 'G002', 'PR-01', 1],
  ['G005', '金果', MONKEY, 2, '2020-05-02', 1, 1, 'G001', 'G003', 'PR-01', 1],
  ['G006', '', MONKEY, 3, '2024-04-01', 1, 1, 'G001', 'G002', 'PR-01', 1],
  ['C001', '丹丹', CRANE, 1, '2010-05-01', 2, 1, 'UNK', 'UNK', 'BD-01', 1],
  ['C002', '红红', CRANE, 2, '2011-05-20', 1, 1, 'UNK', 'UNK', 'BD-01', 1],
  ['C003', '', CRANE, 3, '2023-05-28', 1, 1, 'C001', 'C002', 'BD-01', 1],
  ['C004', '云云', CRANE, 1, '2019-05-15', 1, 1, 'C001', 'C002', 'BD-01', 1],
  ['C005', '朵朵', CRANE, 2, '2019-05-15', 1, 1, 'C001', 'C002', 'BD-01', 1],
];

/** [local no, flag type (1 chip, 2 ring, 4 专用标识), codes oldest first: every earlier one is a voided version]. */
export const DEMO_FLAGS: Array<[string, number, string[]]> = [
  ['P001', 1, ['A1B2C3D4E5', '156000100000001']],
  ['P002', 1, ['156000100000002']],
  ['P003', 1, ['156000100000003']],
  ['P003', 4, ['ZYBS-DXM-2016-0003', 'ZYBS-DXM-2022-0003']],
  ['P004', 1, ['156000100000004']],
  ['P005', 1, ['156000100000005']],
  ['P006', 1, ['156000100000006']],
  ['R001', 1, ['156000100000011']],
  ['R002', 1, ['156000100000012']],
  ['T001', 1, ['985000200000001']],
  ['T002', 1, ['985000200000002']],
  ['T003', 1, ['156000200000003']],
  ['T004', 1, ['156000200000004']],
  ['S001', 1, ['156000300000001']],
  ['C001', 2, ['CN-DDH-0001']],
  ['C002', 2, ['CN-DDH-0002']],
];

/** [Latin, cage, name, male, female, unknown] */
export const DEMO_POPULATIONS: Array<[string, string, string, number, number, number]> = [
  ['Macaca mulatta', 'PR-02', '猕猴群', 12, 18, 5],
  ['Cervus nippon', 'HB-01', '梅花鹿群', 4, 10, 2],
  ['Crossoptilon mantchuricum', 'BD-02', '褐马鸡繁育群', 3, 4, 0],
  ['Syrmaticus reevesii', 'BD-02', '白冠长尾雉群', 2, 5, 1],
  ['Alligator sinensis', 'RP-01', '扬子鳄群', 6, 8, 10],
];

/** Keepers: [account, real name, cage codes]. Password = account. */
/** The demo zoo's veterinarian (role 兽医, decision 0038): account, name; the password is the account. */
export const DEMO_VETS: Array<[string, string]> = [['vet1', '张兽医']];

export const DEMO_KEEPERS: Array<[string, string, string[]]> = [
  ['keeper1', '李饲养', ['PD-01', 'PD-02']],
  ['keeper2', '王饲养', ['CT-01', 'CT-02']],
];
