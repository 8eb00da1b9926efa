export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Serialises a query object; undefined/null are skipped (dropping empty search values is the
 * search form's decision, not the transport's). Arrays travel comma-joined as Blade expects.
 */
export function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
