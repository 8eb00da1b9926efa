/** A line a generated module needs in a file it does not own (schema list, module list, menu tree…). */
export interface Wiring {
  file: string;
  /** The line is inserted after the first occurrence of `after`, or before the last occurrence of `before`, else appended. */
  after?: string;
  before?: string;
  text: string;
}

/** Applies wiring lines to a file's text (what the README tells a person to do). */
export function applyWiring(text: string, w: Wiring): string {
  if (w.after !== undefined) {
    const i = text.indexOf(w.after);
    if (i >= 0) return text.slice(0, i + w.after.length) + w.text + text.slice(i + w.after.length);
  }
  if (w.before !== undefined) {
    const i = text.lastIndexOf(w.before);
    if (i >= 0) return text.slice(0, i) + w.text + text.slice(i);
  }
  return text.endsWith('\n') || text === '' ? text + w.text : `${text}\n${w.text}`;
}
