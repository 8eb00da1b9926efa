import { identityProvider } from '@zoo/contract';
import { Input } from 'antd';
import { defineCrudPage } from '../../../crud';

/**
 * The tenant's OAuth 2.0 / OpenID Connect providers (login page buttons). The secret is write-only: the table
 * says whether one is stored; leaving it empty on edit keeps it.
 */
export const identityProviderPage = defineCrudPage({
  crud: identityProvider,
  i18n: 'identityProvider',
  fields: {
    source: { search: true, width: 110 },
    name: { search: true, width: 130 },
    issuer: { width: 220 },
    clientId: { width: 140 },
    clientSecret: {
      widget: 'custom',
      table: false,
      view: false,
      input: (p) => <Input.Password id={p.id} value={(p.value as string) ?? ''} onChange={(e) => p.onChange?.(e.target.value)} autoComplete="new-password" />,
    },
    secretSet: { form: false, width: 90, render: (v) => (v === 1 ? '✓' : '—') },
    scopes: { width: 160 },
    status: { widget: 'switch', width: 80, render: (v) => (v === 1 ? '✓' : '—') },
    authorizationEndpoint: { table: false, span: 24 },
    tokenEndpoint: { table: false, span: 24 },
    userinfoEndpoint: { table: false, span: 24 },
    jwksUri: { table: false, span: 24 },
    claimAccount: { table: false },
    claimName: { table: false },
    claimEmail: { table: false },
    claimPhone: { table: false },
    sort: { table: false },
  },
  defaults: {
    scopes: 'openid profile email phone',
    claimAccount: 'preferred_username',
    claimName: 'name',
    claimEmail: 'email',
    claimPhone: 'phone_number',
    status: 1,
    sort: 1,
  },
});
