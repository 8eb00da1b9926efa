import { client, GRANT_TYPE_OPTIONS } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** OAuth clients (administrator only; the secret is shown to administrators, contract §5.10). */
export const clientPage = defineCrudPage({
  crud: client,
  i18n: 'client',
  fields: {
    clientId: { search: true, width: 120 },
    clientSecret: { search: true, width: 160 },
    scope: { width: 80 },
    authorizedGrantTypes: { widget: 'select', multiple: true, span: 24, options: GRANT_TYPE_OPTIONS.map((g) => ({ label: g, value: g })) },
    accessTokenValidity: { width: 120 },
    refreshTokenValidity: { width: 140 },
    resourceIds: { table: false },
    webServerRedirectUri: { table: false },
    authorities: { table: false },
    autoapprove: { table: false },
    additionalInformation: { table: false, widget: 'textarea', rows: 3 },
  },
  defaults: { scope: 'all', authorizedGrantTypes: 'refresh_token,password,captcha', accessTokenValidity: 3600, refreshTokenValidity: 604800 },
});
