/** Audit ids are null for seeded rows; records carry strings (the envelope would render "" anyway). */
export const baseOut = <R extends { createUser: string | null; createDept: string | null; updateUser: string | null }>(r: R) => ({
  ...r,
  createUser: r.createUser ?? '',
  createDept: r.createDept ?? '',
  updateUser: r.updateUser ?? '',
});

/** A nullable value as the wire shows it: "" when missing. */
export const blank = <T>(v: T | null | undefined): T | '' => v ?? '';
