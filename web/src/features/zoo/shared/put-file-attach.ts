import { ossEndpoints, type UploadResult } from '@zoo/contract';
import { toast } from '../../../lib/feedback';
import { t } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { basicAuth, website } from '../../../lib/website';

/**
 * Sends one file to oss/endpoint/put-file-attach (multipart field `file`), which stores it and records a
 * blade_attach row. The JSON request layer sends no multipart bodies, so this carries the same headers itself
 * and reports a refusal the way the request layer does (toast with the server's message).
 */
export async function putFileAttach(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { Authorization: basicAuth() };
  const token = session().token;
  if (token) headers[website.tokenHeader] = `bearer ${token}`;
  let body: { code?: number; msg?: string; data?: UploadResult } | undefined;
  try {
    const res = await fetch(`${website.apiPrefix}${ossEndpoints.putFileAttach.path}`, { method: 'POST', body: form, headers, credentials: 'include' });
    body = (await res.json().catch(() => undefined)) as typeof body;
    if (res.status !== 200 || body?.code !== 200 || !body.data) throw new Error(body?.msg || `HTTP ${res.status}`);
  } catch (e) {
    const message = e instanceof Error ? e.message : t('request.network');
    toast.error(message);
    throw e;
  }
  return body.data;
}
