import type { I18nBundle } from '../lib/i18n';

export const transferI18n: I18nBundle = {
  zh: {
    transfer: {
      import: '导入',
      export: '导出',
      pick: '选择文件',
      covered: '覆盖已存在数据',
      template: '模板下载',
      start: '开始导入',
      running: '正在导入: {{processed}} / {{total}}',
      summary: '导入完成: 共 {{total}} 行, 成功 {{succeeded}} 行, 失败 {{failed}} 行',
      row: '行号',
      reason: '原因',
      notTaken: '未导入原因',
      allTaken: '所有行均已导入',
    },
  },
  en: {
    transfer: {
      import: 'Import',
      export: 'Export',
      pick: 'Choose file',
      covered: 'Overwrite existing rows',
      template: 'Download template',
      start: 'Import',
      running: 'Importing: {{processed}} / {{total}}',
      summary: 'Done: {{total}} rows, {{succeeded}} imported, {{failed}} failed',
      row: 'Row',
      reason: 'Reason',
      notTaken: 'Why it was not imported',
      allTaken: 'Every row was imported',
    },
  },
};
