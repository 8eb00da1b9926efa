import type { DataOf, Endpoint, QueryOf } from '@zoo/contract';
import { call } from './call';

/** Posts one file as the multipart field `file` (put-file, put-file-attach) and resolves with `data`. */
export function upload<E extends Endpoint>(endpoint: E, file: Blob, fileName: string, query?: QueryOf<E>): Promise<DataOf<E>> {
  const form = new FormData();
  form.append('file', file, fileName);
  return call(endpoint, { query, form });
}
