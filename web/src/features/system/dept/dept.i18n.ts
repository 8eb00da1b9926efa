import type { I18nBundle } from '../../../lib/i18n';

export const deptI18n: I18nBundle = {
  zh: {
    dept: {
      title: '机构管理',
      deptName: '机构名称',
      fullName: '机构全称',
      parentId: '上级机构',
      deptCategory: '机构类型',
      sort: '排序',
      remark: '备注',
    },
  },
  en: {
    dept: {
      title: 'Departments',
      deptName: 'Name',
      fullName: 'Full name',
      parentId: 'Parent',
      deptCategory: 'Type',
      sort: 'Sort',
      remark: 'Remark',
    },
  },
};
