import type { I18nBundle } from '../../../lib/i18n';

export const regionI18n: I18nBundle = {
  zh: {
    region: {
      title: '行政区划',
      code: '区划编号',
      parentCode: '上级区划',
      name: '区划名称',
      regionLevel: '区划等级',
      sort: '排序',
      remark: '备注',
      level0: '国家',
      level1: '省份',
      level2: '地市',
      level3: '区县',
      level4: '乡镇',
      level5: '村委',
      import: '行政区划导入',
      exportConfirm: '是否导出行政区划数据?',
    },
  },
  en: {
    region: {
      title: 'Regions',
      code: 'Code',
      parentCode: 'Parent',
      name: 'Name',
      regionLevel: 'Level',
      sort: 'Sort',
      remark: 'Remark',
      level0: 'Country',
      level1: 'Province',
      level2: 'City',
      level3: 'District',
      level4: 'Town',
      level5: 'Village',
      import: 'Import regions',
      exportConfirm: 'Export the region data?',
    },
  },
};
