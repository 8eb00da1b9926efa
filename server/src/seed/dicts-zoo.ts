import type { DictCode } from '@zoo/contract';
import type { DictSeed } from './dicts';

/** The zoo's system dictionaries (spec §7): movements, transfers, animals, protection status, cages, licences, permits. */
export const ZOO_DICTS = {
  cancellation_type: {
    name: '注销类型',
    nameEn: 'Cancellation type',
    items: [
      ['1', '放归野外', 'Released to the wild'],
      ['2', '科研使用', 'Research use'],
      ['3', '标本制作', 'Specimen preparation'],
      ['4', '逃逸丢失', 'Escaped or lost'],
      ['5', '罚没移交', 'Confiscated and handed over'],
      ['6', '其他', 'Other'],
    ],
  },
  die_type: {
    name: '死亡类型',
    nameEn: 'Death type',
    items: [
      ['1', '自然死亡', 'Natural death'],
      ['2', '疾病死亡', 'Death from disease'],
      ['3', '意外死亡', 'Accidental death'],
      ['4', '安乐死', 'Euthanasia'],
      ['5', '死因不明', 'Cause unknown'],
    ],
  },
  export_type: {
    name: '输出类型',
    nameEn: 'Export type',
    items: [
      ['1', '交换', 'Exchange'],
      ['2', '出售', 'Sale'],
      ['3', '借展', 'Exhibition loan'],
      ['4', '赠送', 'Donation'],
      ['5', '繁殖借用', 'Breeding loan'],
      ['6', '其他', 'Other'],
      ['7', '平台内转移', 'Transfer within the platform'],
    ],
  },
  // Stock ledger (keys match contract/src/zoo/stock-log.ts).
  import_type: {
    name: '引进类型',
    nameEn: 'Import type',
    items: [
      ['1', '动物园间引进', 'From another zoo'],
      ['2', '野外救护', 'Wildlife rescue'],
      ['3', '罚没移交', 'Confiscated and handed over'],
      ['4', '购买', 'Purchase'],
      ['5', '捐赠', 'Donation'],
      ['6', '其他', 'Other'],
      ['7', '平台内转移', 'Transfer within the platform'],
    ],
  },
  born_type: {
    name: '出生方式',
    nameEn: 'Birth method',
    items: [
      ['1', '自然繁殖', 'Natural breeding'],
      ['2', '人工孵化', 'Artificial incubation'],
      ['3', '人工授精', 'Artificial insemination'],
    ],
  },
  stock_movement_type: {
    name: '存栏变动类型',
    nameEn: 'Stock movement type',
    items: [
      ['born', '出生', 'Birth'],
      ['import', '引进', 'Import'],
      ['export', '输出', 'Export'],
      ['move', '迁移', 'Move'],
      ['die', '死亡', 'Death'],
      ['cancel', '注销', 'Cancellation'],
      ['census', '期初登记', 'Opening census'],
      ['reverse', '撤销', 'Reversal'],
    ],
  },
  transfer_status: {
    name: '转移状态',
    nameEn: 'Transfer status',
    items: [
      ['0', '待确认', 'Awaiting confirmation'],
      ['1', '已接收', 'Accepted'],
      ['2', '已拒绝', 'Rejected'],
      ['3', '已撤回', 'Withdrawn'],
    ],
  },
  // Zoo registry (keys match the contract's zod enums in contract/src/zoo).
  animal_sex: {
    name: '动物性别',
    nameEn: 'Animal sex',
    items: [
      ['1', '雄', 'Male'],
      ['2', '雌', 'Female'],
      ['3', '未知', 'Unknown'],
    ],
  },
  animal_status: {
    name: '个体状态',
    nameEn: 'Animal status',
    items: [
      ['1', '在养', 'In care'],
      ['2', '已输出', 'Exported'],
      ['3', '已死亡', 'Dead'],
      ['4', '已注销', 'Cancelled'],
      ['5', '已转出', 'Transferred out'],
    ],
  },
  animal_origin: {
    name: '个体来源',
    nameEn: 'Origin',
    items: [
      ['1', '人工繁育', 'Captive bred'],
      ['2', '野外来源', 'Wild caught'],
      ['3', '来源不明', 'Origin unknown'],
    ],
  },
  birth_precision: {
    name: '出生日期精度',
    nameEn: 'Birth date precision',
    items: [
      ['1', '精确到日', 'Exact day'],
      ['2', '精确到月', 'Month known'],
      ['3', '精确到年', 'Year known'],
      ['4', '未知', 'Unknown'],
    ],
  },
  flag_type: {
    name: '标识类型',
    nameEn: 'Identifier type',
    items: [
      ['1', '芯片', 'Microchip'],
      ['2', '脚环', 'Leg band'],
      ['3', '纹身', 'Tattoo'],
      ['4', '专用标识', 'Special identification mark'],
      ['5', '其他', 'Other'],
    ],
  },
  management_mode: {
    name: '管理方式',
    nameEn: 'Management mode',
    items: [
      ['1', '个体管理', 'Individual'],
      ['2', '种群管理', 'Group'],
    ],
  },
  permit_kind: {
    name: '许可证类型',
    nameEn: 'Permit type',
    items: [
      ['1', '人工繁育许可证(驯养繁殖许可证)', 'Captive breeding licence', '野生动物保护法: 人工繁育许可'],
      ['2', '经营利用许可证', 'Commercial use licence', '野生动物保护法: 出售、购买、利用的批准文件'],
      ['3', '野生动物运输证明', 'Wildlife transport certificate', '出县境运输所附的证明(或其后继的许可证副本、专用标识)'],
      ['4', 'CITES出口许可证', 'CITES export permit', 'CITES 公约第三、四条'],
      ['5', 'CITES进口许可证', 'CITES import permit', 'CITES 公约第三条(附录I)'],
      ['6', 'CITES再出口证明书', 'CITES re-export certificate', 'CITES 公约第三、四条'],
      ['7', '允许进出口证明书', 'Import/export authorisation (non-CITES species)', '国家濒危物种进出口管理机构核发'],
      ['8', '检疫证明', 'Quarantine certificate', '动物防疫法'],
      ['9', '专用标识卡', 'Special identification card', '野生动物保护法: 专用标识'],
    ],
  },
  protection_class: {
    name: '国家保护级别',
    nameEn: 'National protection class',
    items: [
      ['0', '无', 'None'],
      ['1', '国家一级', 'National Class I'],
      ['2', '国家二级', 'National Class II'],
    ],
  },
  protection_authority: {
    name: '主管部门',
    nameEn: 'Competent authority',
    items: [
      ['0', '无', 'None'],
      ['1', '林草', 'Forestry and grassland', '陆生'],
      ['2', '渔业', 'Fisheries', '水生'],
    ],
  },
  cites_appendix: {
    name: 'CITES附录',
    nameEn: 'CITES appendix',
    items: [
      ['I', '附录I', 'Appendix I'],
      ['II', '附录II', 'Appendix II'],
      ['III', '附录III', 'Appendix III'],
      ['none', '未列入', 'Not listed'],
    ],
  },
  iucn_category: {
    name: 'IUCN红色名录等级',
    nameEn: 'IUCN Red List category',
    items: [
      ['EX', '灭绝', 'Extinct (EX)'],
      ['EW', '野外灭绝', 'Extinct in the Wild (EW)'],
      ['CR', '极危', 'Critically Endangered (CR)'],
      ['EN', '濒危', 'Endangered (EN)'],
      ['VU', '易危', 'Vulnerable (VU)'],
      ['NT', '近危', 'Near Threatened (NT)'],
      ['LC', '无危', 'Least Concern (LC)'],
      ['DD', '数据缺乏', 'Data Deficient (DD)'],
      ['NE', '未评估', 'Not Evaluated (NE)'],
    ],
  },
  taxonomy_rank: {
    name: '分类阶元',
    nameEn: 'Taxonomic rank',
    items: [
      ['1', '纲', 'Class'],
      ['2', '目', 'Order'],
      ['3', '科', 'Family'],
      ['4', '属', 'Genus'],
      ['5', '种', 'Species'],
      ['6', '亚种', 'Subspecies'],
    ],
  },
  cage_type: {
    name: '笼舍类型',
    nameEn: 'Enclosure type',
    items: [
      ['1', '室内', 'Indoor'],
      ['2', '室外', 'Outdoor'],
      ['3', '室内外结合', 'Indoor and outdoor'],
      ['4', '水域', 'Aquatic'],
      ['5', '鸟笼', 'Aviary'],
      ['6', '隔离检疫', 'Quarantine'],
      ['7', '其他', 'Other'],
    ],
  },
  source_confidence: {
    name: '数据可信度',
    nameEn: 'Data confidence',
    items: [
      ['verified', '已核实', 'Verified', '至少一项经公开来源核实'],
      ['unverified', '待核对', 'To be checked', '来自背景知识,须核对官方名录'],
    ],
  },
  licence_state: {
    name: '许可证状态',
    nameEn: 'Permit status',
    items: [
      ['valid', '有效', 'Valid'],
      ['expired', '已过期', 'Expired'],
      ['pending', '未生效', 'Not yet valid'],
    ],
  },
} satisfies Partial<Record<DictCode, DictSeed>>;
