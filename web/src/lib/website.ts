/**
 * Fixed client settings (Saber's website.js). Values the server must agree with live here once;
 * nothing secret: the client id/secret pair is public by design of the BladeX password grant.
 */
export const website = {
  key: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  tenantId: '000000',
  captchaMode: import.meta.env.VITE_CAPTCHA_MODE !== 'off',
  tokenHeader: 'Blade-Auth',
  /** Seconds after which the access token is refreshed proactively (server tokens live 3600 s). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  requestTimeoutMs: 10_000,
  /** Codes rejected silently for the caller to handle (empty by default, as in Saber). */
  statusWhiteList: [] as number[],
  /** Button codes arrive this long after the menu (spec §6). */
  permissionDelayMs: 500,
  lazyPageTimeoutMs: 120_000,
  firstPage: { label: 'route.home', value: '/wel/index' },
  /** Saber's isFirstPage: off = the first-page tab can never be closed. */
  isFirstPage: false,
  /** Department/role switching after login (spec §6, off by default; VITE_SWITCH_MODE=on turns it on). */
  switchMode: import.meta.env.VITE_SWITCH_MODE === 'on',
  /** Screen locking waits this long before leaving for /lock (spec §9). */
  lockDelayMs: 100,
  /** Error-log badge cap (spec §9). */
  logBadgeMax: 99,
  colour: '#409EFF',
  theme: 'theme-default',
  apiPrefix: '/api',
} as const;

export const basicAuth = (): string => `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;
