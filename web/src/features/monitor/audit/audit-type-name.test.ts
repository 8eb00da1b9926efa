import * as contract from '@zoo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { auditTypeName } from './audit-type-name';

/** Every resource of the contract is a data type the audit trail may show: each has an English name. */
const resources = Object.values(contract as Record<string, unknown>).filter(
  (v): v is { name: string; title: string; endpoints: object } =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { name?: unknown }).name === 'string' &&
    typeof (v as { title?: unknown }).title === 'string' &&
    'endpoints' in v,
);

describe('audit data types in English', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh'));

  it('names every resource of the contract without Chinese', () => {
    expect(resources.length).toBeGreaterThan(50);
    const untranslated = resources.filter((r) => /[\u3400-\u9fff]/.test(auditTypeName(r.name, r.title))).map((r) => `${r.name} (${r.title})`);
    expect(untranslated).toEqual([]);
  });

  it('shows the stored title in Chinese', async () => {
    await i18n.changeLanguage('zh');
    expect(auditTypeName('biz_attach', '业务附件')).toBe('业务附件');
    await i18n.changeLanguage('en');
  });
});
