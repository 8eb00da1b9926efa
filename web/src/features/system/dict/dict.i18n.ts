import type { I18nBundle } from '../../../lib/i18n';

export const dictI18n: I18nBundle = {
  zh: {
    dict: {
      title: '系统字典',
      bizTitle: '业务字典',
      horizontal: '字典管理 (横向)',
      vertical: '字典管理 (纵向)',
      code: '字典编号',
      dictValue: '字典名称',
      dictValueEn: '英文名称',
      dictKey: '字典键值',
      parentId: '上级字典',
      sort: '字典排序',
      isSealed: '封存',
      remark: '字典备注',
      items: '字典配置',
      itemsOf: '字典配置: {{name}} ({{code}})',
      pickRoot: '请在字典列表中点击一个字典, 这里显示它的字典项',
    },
  },
  en: {
    dict: {
      title: 'Dictionaries',
      bizTitle: 'Business dictionaries',
      horizontal: 'Dictionaries (side by side)',
      vertical: 'Dictionaries (stacked)',
      code: 'Code',
      dictValue: 'Name (Chinese)',
      dictValueEn: 'Name (English)',
      dictKey: 'Key',
      parentId: 'Parent',
      sort: 'Sort',
      isSealed: 'Sealed',
      remark: 'Remark',
      items: 'Entries',
      itemsOf: 'Entries of {{name}} ({{code}})',
      pickRoot: 'Click a dictionary in the list to see its entries here',
    },
  },
};
