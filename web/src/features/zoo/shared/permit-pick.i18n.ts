import type { I18nBundle } from '../../../lib/i18n';

const KINDS_ZH = {
  1: '人工繁育许可证',
  2: '经营利用许可证',
  3: '野生动物运输证明',
  4: 'CITES出口许可证',
  5: 'CITES进口许可证',
  6: 'CITES再出口证明书',
  7: '允许进出口证明书',
  8: '检疫证明',
  9: '专用标识卡',
};
const KINDS_EN = {
  1: 'Captive breeding licence',
  2: 'Sale and use licence',
  3: 'Wildlife transport certificate',
  4: 'CITES export permit',
  5: 'CITES import permit',
  6: 'CITES re-export certificate',
  7: 'Import/export approval certificate',
  8: 'Quarantine certificate',
  9: 'Special mark card',
};
// CITES Res. Conf. 12.3 (Rev. CoP19): purpose and source codes.
const PURPOSES_ZH = {
  T: '商业',
  Z: '动物园',
  G: '植物园',
  Q: '马戏或巡回展览',
  S: '科学研究',
  H: '狩猎纪念物',
  P: '个人',
  M: '生物医学研究',
  E: '教育',
  N: '野外放归或引入',
  B: '圈养繁殖或人工培植',
  L: '执法、司法或鉴定',
};
const PURPOSES_EN = {
  T: 'Commercial',
  Z: 'Zoo',
  G: 'Botanical garden',
  Q: 'Circus or travelling exhibition',
  S: 'Scientific',
  H: 'Hunting trophy',
  P: 'Personal',
  M: 'Bio-medical research',
  E: 'Educational',
  N: 'Reintroduction or introduction into the wild',
  B: 'Breeding in captivity or artificial propagation',
  L: 'Law enforcement / judicial / forensic',
};
const SOURCES_ZH = {
  W: '野外',
  R: '牧场繁育',
  D: '登记的附录I圈养繁殖',
  C: '圈养繁殖',
  F: '圈养出生(F1)',
  U: '来源不明',
  I: '罚没',
  O: '公约前',
  X: '海洋引进',
};
const SOURCES_EN = {
  W: 'Wild',
  R: 'Ranched',
  D: 'Appendix-I, registered captive breeding',
  C: 'Bred in captivity',
  F: 'Born in captivity (F1)',
  U: 'Unknown',
  I: 'Confiscated or seized',
  O: 'Pre-Convention',
  X: 'Introduction from the sea',
};

export const permitPickI18n: I18nBundle = {
  zh: {
    zooPermitPick: {
      permitIds: '许可证',
      option: '{{no}}({{kind}},剩余 {{left}},有效期至 {{to}})',
      leftOfSex: '{{sex}}{{n}}',
      and: '、',
      sexes: { '0': '不限性别', '1': '雄', '2': '雌', '3': '性别不明' },
      placeholder: '选择本次使用的许可证',
      speciesFirst: '请先选择物种',
      none: '没有覆盖该物种的有效许可证,请先在「许可证管理」登记',
      crossBorder: '出境',
      purposeCode: '交易目的代码',
      sourceCode: '来源代码',
      kinds: KINDS_ZH,
      purposes: PURPOSES_ZH,
      sources: SOURCES_ZH,
    },
  },
  en: {
    zooPermitPick: {
      permitIds: 'Permits',
      option: '{{no}} ({{kind}}, {{left}} left, valid to {{to}})',
      leftOfSex: '{{n}} {{sex}}',
      and: ', ',
      sexes: { '0': 'any sex', '1': 'male', '2': 'female', '3': 'sex unknown' },
      placeholder: 'Permits this movement uses',
      speciesFirst: 'Choose the species first',
      none: 'No permit in force covers this species: enter it under Permits first',
      crossBorder: 'Leaves China',
      purposeCode: 'Purpose code',
      sourceCode: 'Source code',
      kinds: KINDS_EN,
      purposes: PURPOSES_EN,
      sources: SOURCES_EN,
    },
  },
};
