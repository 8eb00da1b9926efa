import type { I18nBundle } from '../../../lib/i18n';

export const datasourceI18n: I18nBundle = {
  zh: {
    datasource: {
      title: '数据源管理',
      name: '名称',
      driverClass: '驱动类',
      url: '连接地址',
      username: '用户名',
      password: '密码',
      hasPassword: '已存密码',
      remark: '备注',
      test: '测试连接',
      testOk: '连接成功:{{version}}({{millis}} 毫秒)',
    },
  },
  en: {
    datasource: {
      title: 'Datasources',
      name: 'Name',
      driverClass: 'Driver',
      url: 'URL',
      username: 'User',
      password: 'Password',
      hasPassword: 'Password stored',
      remark: 'Remark',
      test: 'Test connection',
      testOk: 'Connected: {{version}} ({{millis}} ms)',
    },
  },
};
