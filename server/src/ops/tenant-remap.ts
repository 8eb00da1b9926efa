/**
 * How an imported zoo's rows are rewritten when its ids or its tenant id are taken in the target (decision 0053).
 *
 * Row ids come from `next_id()` (migration 0001: milliseconds since 2020 shifted left 22 bits, with a sequence):
 * 18–19 digits, unique across every table. So a reference to a row is recognisable by its value wherever it sits —
 * a bigint column (`animal_id`, `parent_id`, `create_user`…), a comma-separated list in a text column
 * (`role_id`, `dept_id`), an id inside JSON (flow variables, the audit trail's `record_id` and `changes`) — and the
 * rewrite works on the row's JSON text: every run of 15–19 digits that is the id of a remapped row is replaced,
 * everything else is left byte for byte. Small numbers (quantities, sizes, years) can never be taken for an id.
 */
export const ID_TOKEN = /(?<![0-9])[0-9]{15,19}(?![0-9])/g;

/** The distinct id-like tokens of `text` (what the map is asked about). */
export function idTokens(text: string): string[] {
  return [...new Set(text.match(ID_TOKEN) ?? [])];
}

/**
 * The places a zoo's tenant id is written: the tenant columns (`to_jsonb` writes `"key": "value"`), the same in
 * camel case inside JSON documents (flow variables), and object keys `upload/<tenant>/…` in links and file names.
 */
function tenantPattern(from: string): RegExp {
  const v = from.replace(/[^0-9A-Za-z]/g, '');
  return new RegExp(`("(?:tenant_id|actor_tenant_id|tenantId)": ?")${v}(")|(upload/)${v}(/)`, 'g');
}

export interface Remap {
  ids: Map<string, string>;
  tenant?: { from: string; to: string };
  /**
   * Link prefixes replaced as they are (`<bucket domain>/upload/<tenant>/` → `<local domain>/upload/<tenant>/`):
   * objects of a bucket the import could not write to land in the built-in storage (tenant-objects.ts).
   */
  links?: Array<{ from: string; to: string }>;
}

/** `text` with every remapped id, moved link and the tenant id replaced. */
export function remapText(text: string, m: Remap): string {
  let out = m.ids.size ? text.replace(ID_TOKEN, (t) => m.ids.get(t) ?? t) : text;
  for (const l of m.links ?? []) if (out.includes(l.from)) out = out.split(l.from).join(l.to);
  if (m.tenant && m.tenant.from !== m.tenant.to) {
    const to = m.tenant.to;
    out = out.replace(tenantPattern(m.tenant.from), (_all, a?: string, b?: string, c?: string, d?: string) => (a ? `${a}${to}${b}` : `${c}${to}${d}`));
  }
  return out;
}
