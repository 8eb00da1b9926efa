import type { I18nBundle } from '../../../lib/i18n';

export const postI18n: I18nBundle = {
  zh: { post: { title: '岗位管理', category: '岗位类型', postCode: '岗位编号', postName: '岗位名称', sort: '岗位排序', remark: '岗位描述' } },
  en: { post: { title: 'Posts', category: 'Type', postCode: 'Code', postName: 'Name', sort: 'Sort', remark: 'Description' } },
};
