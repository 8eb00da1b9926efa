/**
 * What the database can hold, checked before a value reaches it: a value outside these is the caller's mistake
 * (400 with a Chinese message), never a database error (500). Shared by the contract's schemas and the server's
 * list filters.
 */

/** Largest bigint id (2^63−1): 19 digits alone let 9999999999999999999 through to PostgreSQL. */
const MAX_ID = '9223372036854775807';

/** A bigint id's text: 1–19 digits, at most 2^63−1. */
export const isIdText = (s: string): boolean => /^\d{1,19}$/.test(s) && (s.length < 19 || s <= MAX_ID);

/** PostgreSQL `integer` (sort, category, dictionary keys…). */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * `yyyy-MM-dd` (when `dayAllowed`) or `yyyy-MM-dd HH:mm:ss` naming a real moment: month 1–12, a day the month has,
 * hours < 24, minutes and seconds < 60 (`2024-13-45 25:61:61` has the right shape and no meaning).
 */
export function isDateTimeText(s: string, dayAllowed = true): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  if (m[4] === undefined && !dayAllowed) return false;
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return false;
  return m[4] === undefined || (+m[4] < 24 && +m[5]! < 60 && +m[6]! < 60);
}
