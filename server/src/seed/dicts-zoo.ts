import type { DictCode } from '@zoo/contract';
import type { DictSeed } from './dicts';

/** The zoo's system dictionaries (spec §7): movements, transfers, animals, protection status, cages, licences, permits. */
export const ZOO_DICTS = {
  cancellation_type: {
    name: '注销类型',
    items: [
      ['1', '放归野外'],
      ['2', '科研使用'],
      ['3', '标本制作'],
      ['4', '逃逸丢失'],
      ['5', '罚没移交'],
      ['6', '其他'],
    ],
  },
  die_type: {
    name: '死亡类型',
    items: [
      ['1', '自然死亡'],
      ['2', '疾病死亡'],
      ['3', '意外死亡'],
      ['4', '安乐死'],
      ['5', '死因不明'],
    ],
  },
  export_type: {
    name: '输出类型',
    items: [
      ['1', '交换'],
      ['2', '出售'],
      ['3', '借展'],
      ['4', '赠送'],
      ['5', '繁殖借用'],
      ['6', '其他'],
      ['7', '平台内转移'],
    ],
  },
  // Stock ledger (keys match contract/src/zoo/stock-log.ts).
  import_type: {
    name: '引进类型',
    items: [
      ['1', '动物园间引进'],
      ['2', '野外救护'],
      ['3', '罚没移交'],
      ['4', '购买'],
      ['5', '捐赠'],
      ['6', '其他'],
      ['7', '平台内转移'],
    ],
  },
  born_type: {
    name: '出生方式',
    items: [
      ['1', '自然繁殖'],
      ['2', '人工孵化'],
      ['3', '人工授精'],
    ],
  },
  stock_movement_type: {
    name: '存栏变动类型',
    items: [
      ['born', '出生'],
      ['import', '引进'],
      ['export', '输出'],
      ['move', '迁移'],
      ['die', '死亡'],
      ['cancel', '注销'],
      ['census', '期初登记'],
      ['reverse', '撤销'],
    ],
  },
  transfer_status: {
    name: '转移状态',
    items: [
      ['0', '待确认'],
      ['1', '已接收'],
      ['2', '已拒绝'],
      ['3', '已撤回'],
    ],
  },
  // Zoo registry (keys match the contract's zod enums in contract/src/zoo).
  animal_sex: {
    name: '动物性别',
    items: [
      ['1', '雄'],
      ['2', '雌'],
      ['3', '未知'],
    ],
  },
  animal_status: {
    name: '个体状态',
    items: [
      ['1', '在养'],
      ['2', '已输出'],
      ['3', '已死亡'],
      ['4', '已注销'],
      ['5', '已转出'],
    ],
  },
  animal_origin: {
    name: '个体来源',
    items: [
      ['1', '人工繁育'],
      ['2', '野外来源'],
      ['3', '来源不明'],
    ],
  },
  birth_precision: {
    name: '出生日期精度',
    items: [
      ['1', '精确到日'],
      ['2', '精确到月'],
      ['3', '精确到年'],
      ['4', '未知'],
    ],
  },
  flag_type: {
    name: '标识类型',
    items: [
      ['1', '芯片'],
      ['2', '脚环'],
      ['3', '纹身'],
      ['4', '专用标识'],
      ['5', '其他'],
    ],
  },
  management_mode: {
    name: '管理方式',
    items: [
      ['1', '个体管理'],
      ['2', '种群管理'],
    ],
  },
  permit_kind: {
    name: '许可证类型',
    items: [
      ['1', '人工繁育许可证(驯养繁殖许可证)', '野生动物保护法: 人工繁育许可'],
      ['2', '经营利用许可证', '野生动物保护法: 出售、购买、利用的批准文件'],
      ['3', '野生动物运输证明', '出县境运输所附的证明(或其后继的许可证副本、专用标识)'],
      ['4', 'CITES出口许可证', 'CITES 公约第三、四条'],
      ['5', 'CITES进口许可证', 'CITES 公约第三条(附录I)'],
      ['6', 'CITES再出口证明书', 'CITES 公约第三、四条'],
      ['7', '允许进出口证明书', '国家濒危物种进出口管理机构核发'],
      ['8', '检疫证明', '动物防疫法'],
      ['9', '专用标识卡', '野生动物保护法: 专用标识'],
    ],
  },
  protection_class: {
    name: '国家保护级别',
    items: [
      ['0', '无'],
      ['1', '国家一级'],
      ['2', '国家二级'],
    ],
  },
  protection_authority: {
    name: '主管部门',
    items: [
      ['0', '无'],
      ['1', '林草', '陆生'],
      ['2', '渔业', '水生'],
    ],
  },
  cites_appendix: {
    name: 'CITES附录',
    items: [
      ['I', '附录I'],
      ['II', '附录II'],
      ['III', '附录III'],
      ['none', '未列入'],
    ],
  },
  iucn_category: {
    name: 'IUCN红色名录等级',
    items: [
      ['EX', '灭绝'],
      ['EW', '野外灭绝'],
      ['CR', '极危'],
      ['EN', '濒危'],
      ['VU', '易危'],
      ['NT', '近危'],
      ['LC', '无危'],
      ['DD', '数据缺乏'],
      ['NE', '未评估'],
    ],
  },
  taxonomy_rank: {
    name: '分类阶元',
    items: [
      ['1', '纲'],
      ['2', '目'],
      ['3', '科'],
      ['4', '属'],
      ['5', '种'],
      ['6', '亚种'],
    ],
  },
  cage_type: {
    name: '笼舍类型',
    items: [
      ['1', '室内'],
      ['2', '室外'],
      ['3', '室内外结合'],
      ['4', '水域'],
      ['5', '鸟笼'],
      ['6', '隔离检疫'],
      ['7', '其他'],
    ],
  },
  source_confidence: {
    name: '数据可信度',
    items: [
      ['verified', '已核实', '至少一项经公开来源核实'],
      ['unverified', '待核对', '来自背景知识,须核对官方名录'],
    ],
  },
  licence_state: {
    name: '许可证状态',
    items: [
      ['valid', '有效'],
      ['expired', '已过期'],
      ['pending', '未生效'],
    ],
  },
} satisfies Partial<Record<DictCode, DictSeed>>;
