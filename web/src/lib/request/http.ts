import { toast } from '../feedback';
import { t } from '../i18n';
import { navigateTo } from '../navigation';
import { session } from '../session/session-store';
import { basicAuth, website } from '../website';
import { parseBody, readOutcome } from './read-response';
import { RequestError } from './request-error';
import { toQueryString } from './query-string';

export interface HttpOptions {
  method: 'GET' | 'POST';
  /** Path under the /api prefix, e.g. /blade-system/param/list */
  path: string;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart body (uploads); the browser sets its Content-Type with the boundary. */
  form?: FormData;
}

export function authHeaders(): Record<string, string> {
  const token = session().token;
  // The API answers its messages and server-made names in this language (decision 0049).
  const headers: Record<string, string> = { Authorization: basicAuth(), 'Accept-Language': session().language === 'en' ? 'en' : 'zh-CN' };
  if (token) headers[website.tokenHeader] = `bearer ${token}`;
  return headers;
}

/** The error catalogue of spec §8, applied once for every call. */
export function settle(httpStatus: number, body: unknown): unknown {
  const { status, message } = readOutcome(httpStatus, body);
  const text = message ?? t('request.unknownError');
  if (website.statusWhiteList.includes(status)) throw new RequestError('whitelist', text, status, body);
  if (status === 401) {
    session().logout();
    navigateTo('/login');
    throw new RequestError('unauthorized', text, status, body);
  }
  if (status !== 200) {
    toast.error(text);
    throw new RequestError('response', text, status, body);
  }
  return body;
}

/** Resolves with the whole response body; rejects per the catalogue, on timeout and on network loss. */
export async function http({ method, path, query, body, headers, form }: HttpOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), website.requestTimeoutMs);
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal: controller.signal,
    headers: { ...authHeaders(), ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  };
  try {
    const res = await fetch(`${website.apiPrefix}${path}${toQueryString(query)}`, init);
    // Like Saber's validateStatus: statuses outside 200..500 never reach the handler.
    if (res.status < 200 || res.status > 500) throw new RequestError('network', `HTTP ${res.status}`, res.status);
    return settle(res.status, await parseBody(res));
  } catch (e) {
    if (e instanceof RequestError) throw e;
    if (controller.signal.aborted) throw new RequestError('timeout', t('request.timeout'));
    throw new RequestError('network', e instanceof Error ? e.message : t('request.network'));
  } finally {
    clearTimeout(timer);
  }
}
