/** Avatars: JPG or PNG, at most 500 KB (spec §5, §9); the server checks the same (put-file?type=avatar). */
export const AVATAR_MAX_BYTES = 500 * 1024;
/** i18n keys of the two refusals (the form translates them). */
export const AVATAR_MSG = {
  type: 'info.avatarType',
  size: 'info.avatarSize',
} as const;

const TYPES = new Set(['image/jpeg', 'image/png']);
const EXT = /\.(jpe?g|png)$/i;

/** The reason a file cannot be an avatar (an i18n key), or null. */
export function avatarProblem(file: { name: string; type: string; size: number }): string | null {
  if (!TYPES.has(file.type) || !EXT.test(file.name)) return AVATAR_MSG.type;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MSG.size;
  return null;
}
