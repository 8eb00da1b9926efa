/** Avatars: JPG or PNG, at most 500 KB (spec §5, §9); the server checks the same (put-file?type=avatar). */
export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_MSG = {
  type: '头像只能是 JPG 或 PNG 格式的图片',
  size: '头像图片大小不能超过 500KB',
} as const;

const TYPES = new Set(['image/jpeg', 'image/png']);
const EXT = /\.(jpe?g|png)$/i;

/** The reason a file cannot be an avatar, or null. */
export function avatarProblem(file: { name: string; type: string; size: number }): string | null {
  if (!TYPES.has(file.type) || !EXT.test(file.name)) return AVATAR_MSG.type;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MSG.size;
  return null;
}
