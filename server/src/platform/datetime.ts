const formatters = new Map<string, Intl.DateTimeFormat>();

/** `yyyy-MM-dd HH:mm:ss` of `d` in `timeZone` (the wire and column format). */
export function formatDateTime(d: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    // sv-SE renders ISO-like "2024-05-01 08:09:10".
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f.format(d);
}
