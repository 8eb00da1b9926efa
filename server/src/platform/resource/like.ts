/** `v` with LIKE's wildcards (`%`, `_`) and the escape character taken literally. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `v` anywhere in the value. */
export const containing = (v: string) => `%${escapeLike(v)}%`;
