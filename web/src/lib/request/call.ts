import type { BodyOf, DataOf, Endpoint, QueryOf } from '@zoo/contract';
import { http } from './http';

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Extra headers (the token endpoint needs Tenant-Id and the captcha pair). */
  headers?: Record<string, string>;
  /** Multipart body of an upload endpoint (field names as the server reads them, e.g. `file`). */
  form?: FormData;
}

/**
 * Calls a contract endpoint. Resolves with `data` unwrapped from R, or with the whole body for the
 * raw endpoints (token, captcha, logout, clear-cache), so a renamed path or field is a type error here.
 */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<DataOf<E>> {
  const body = await http({
    method: endpoint.method,
    path: endpoint.path,
    query: options.query,
    body: options.body,
    headers: options.headers,
    form: options.form,
  });
  if (endpoint.raw) return body as DataOf<E>;
  return (body as { data?: unknown } | undefined)?.data as DataOf<E>;
}
