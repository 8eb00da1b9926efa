import type { I18nBundle } from '../../../lib/i18n';

export const populationI18n: I18nBundle = {
  zh: {
    zooPopulation: {
      title: '种群管理',
      speciesId: '物种',
      speciesName: '物种',
      populationName: '种群名称',
      cageId: '笼舍',
      venueName: '场馆',
      maleQuantity: '雄性数量',
      femaleQuantity: '雌性数量',
      theyQuantity: '性别不明数量',
      totalQuantity: '合计 (雄.雌.未知)',
      remark: '备注',
      detail: '详情',
      detailTitle: '种群详情',
      stockByCage: '该物种各笼舍存栏 (只读,由存栏变动得出)',
      total: '合计',
    },
  },
  en: {
    zooPopulation: {
      title: 'Populations',
      speciesId: 'Species',
      speciesName: 'Species',
      populationName: 'Population',
      cageId: 'Cage',
      venueName: 'Venue',
      maleQuantity: 'Males',
      femaleQuantity: 'Females',
      theyQuantity: 'Unknown sex',
      totalQuantity: 'Total (M.F.U)',
      remark: 'Remark',
      detail: 'Detail',
      detailTitle: 'Population detail',
      stockByCage: 'Stock of this species per cage (read-only, from the stock ledger)',
      total: 'Total',
    },
  },
};
