import { CONFIG_ENABLED, SECRET_MASK } from '@zoo/contract';
import { Input, Tag } from 'antd';
import type { FieldDef } from '../../../crud';
import { t } from '../../../lib/i18n';

/** Shows the start of a key only: `AKID1234abcd` → `AKID********`. */
export const maskKey = (v: unknown): string => {
  const s = String(v ?? '');
  if (!s) return '';
  if (s === SECRET_MASK) return SECRET_MASK;
  return `${s.slice(0, Math.min(4, Math.floor(s.length / 3)))}${'*'.repeat(8)}`;
};

/**
 * The fields OSS and SMS configurations share: keys masked in the table, the secret typed in a password box
 * (the server answers the placeholder for a stored secret, and keeps the secret when it comes back unchanged),
 * and the enabled state.
 */
export const configFields = {
  accessKey: { render: (v: unknown) => maskKey(v), width: 150 },
  secretKey: {
    widget: 'custom',
    input: (p) => <Input.Password autoComplete="new-password" {...p} value={p.value as string} onChange={(e) => p.onChange?.(e.target.value)} />,
    render: (v: unknown) => (v ? SECRET_MASK : ''),
    width: 110,
  },
  statusName: {
    width: 100,
    render: (_v: unknown, row: { status?: unknown }) =>
      row.status === CONFIG_ENABLED ? <Tag color="success">{t('config.enabled')}</Tag> : <Tag>{t('config.disabled')}</Tag>,
  },
} satisfies Record<string, FieldDef<{ status?: unknown }>>;
