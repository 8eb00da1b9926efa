import type { DataOf, Endpoint, QueryOf } from '@zoo/contract';
import { session } from '../session/session-store';
import { website } from '../website';
import { authHeaders, settle } from './http';
import { toQueryString } from './query-string';
import { parseBody } from './read-response';
import { RequestError } from './request-error';

/**
 * A multipart upload (field `file`, contract §10) to a contract endpoint; the answer goes through the same
 * error catalogue as every call and resolves with `data`.
 */
export async function upload<E extends Endpoint>(endpoint: E, file: Blob, query?: QueryOf<E>): Promise<DataOf<E>> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload.xlsx');
  let res: Response;
  try {
    res = await fetch(`${website.apiPrefix}${endpoint.path}${toQueryString(query)}`, {
      method: 'POST',
      credentials: 'include',
      headers: authHeaders(),
      body: form,
    });
  } catch (e) {
    throw new RequestError('network', e instanceof Error ? e.message : 'network');
  }
  const body = settle(res.status, await parseBody(res));
  return (body as { data?: unknown } | undefined)?.data as DataOf<E>;
}

/**
 * The address of a download endpoint; the token travels in the `Blade-Auth` query parameter (contract §8.3), the UI
 * language in `lang` (a link carries no `Accept-Language` of the app; the sheet's names follow it, decision 0049).
 */
export function downloadUrl<E extends Endpoint>(endpoint: E, query: Record<string, unknown> = {}): string {
  const { token, language } = session();
  return `${website.apiPrefix}${endpoint.path}${toQueryString({ ...query, lang: language === 'en' ? 'en' : 'zh', [website.tokenHeader]: token })}`;
}

/** Starts a browser download of an xlsx endpoint. */
export function download<E extends Endpoint>(endpoint: E, query: Record<string, unknown> = {}): void {
  const a = document.createElement('a');
  a.href = downloadUrl(endpoint, query);
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
