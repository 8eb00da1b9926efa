import { auditEndpoints } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/fixtures';
import { useSession } from '../session';
import { downloadUrl } from './transfer';

describe('download links', () => {
  it('carry the token and the UI language, which names the sheet (decision 0049)', () => {
    signIn();
    useSession.getState().setLanguage('en');
    const en = new URL(downloadUrl(auditEndpoints.export, { tableName_equal: 'zoo_animal' }), 'http://x');
    expect(Object.fromEntries(en.searchParams)).toEqual({ tableName_equal: 'zoo_animal', lang: 'en', 'Blade-Auth': 'access-1' });
    useSession.getState().setLanguage('zh');
    expect(new URL(downloadUrl(auditEndpoints.export), 'http://x').searchParams.get('lang')).toBe('zh');
  });
});
