/** A multi-select's value as a list: the API's comma-joined ids or aliases, or already a list (empty for nothing). */
export const commaList = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' && v ? v.split(',') : []);
