import { datasourceEndpoints } from '@zoo/contract';
import i18n from 'i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

/** Tries a connection; a failure is already toasted by the request layer with the server's reason. */
export async function testConnection(body: Record<string, unknown>): Promise<boolean> {
  try {
    const r = await call(datasourceEndpoints.test, { body: body as never });
    toast.success(i18n.t('datasource.testOk', { version: r.version.split(/[,(]/)[0], millis: r.millis }));
    return true;
  } catch {
    return false;
  }
}
