import type { I18nBundle } from '../../../lib/i18n';

export const clientI18n: I18nBundle = {
  zh: {
    client: {
      title: '应用管理',
      clientId: '应用ID',
      clientSecret: '应用密钥',
      scope: '授权范围',
      authorizedGrantTypes: '授权类型',
      accessTokenValidity: '令牌秒数',
      refreshTokenValidity: '刷新令牌秒数',
      resourceIds: '资源集合',
      webServerRedirectUri: '回调地址',
      authorities: '权限',
      autoapprove: '自动授权',
      additionalInformation: '附加说明',
    },
  },
  en: {
    client: {
      title: 'Clients',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      scope: 'Scope',
      authorizedGrantTypes: 'Grant types',
      accessTokenValidity: 'Token seconds',
      refreshTokenValidity: 'Refresh token seconds',
      resourceIds: 'Resource IDs',
      webServerRedirectUri: 'Redirect URI',
      authorities: 'Authorities',
      autoapprove: 'Auto approve',
      additionalInformation: 'Additional information',
    },
  },
};
