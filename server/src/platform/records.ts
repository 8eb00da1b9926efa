/** Row → wire record: nulls become "" as Blade renders them (contract §1.1), typed accordingly. */
export type Blanked<T> = { [K in keyof T]: null extends T[K] ? Exclude<T[K], null> | '' : T[K] };

export function blanked<T extends object>(row: T): Blanked<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v === null ? '' : v;
  return out as Blanked<T>;
}
