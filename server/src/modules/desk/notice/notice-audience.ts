import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { isAdmin, isAdministrator, ADMIN, type Session } from '../../../platform/auth/session';
import { sessionGrants } from '../../../platform/access/menu-access';
import { bladeRole } from '../../../platform/access/access.tables';
import type { Cache } from '../../../platform/cache';
import { BizError } from '../../../platform/http/errors';
import { bladeNotice } from './notice.tables';

/** Role aliases of the system's own notices (decision 0051): the zoo's administrators, its vets. */
export const AUDIENCE_ADMIN = ADMIN;
export const AUDIENCE_VET = 'vet';

/** Buttons of the notice management screen: who holds one manages the notices and sees every one of them. */
const MANAGE_BUTTONS = ['notice_add', 'notice_edit', 'notice_delete'] as const;

const aliasesOf = (v: string) => v.split(',').filter(Boolean);

/**
 * The role aliases a session reads notices as. The session's aliases are the roles the user holds now (read live
 * per request, platform/auth/live-rights.ts), so a role taken away hides its notices on the next request. The
 * platform administrator counts as an administrator, as everywhere else (`isAdmin`).
 */
function readerAliases(s: Session): string[] {
  return [...new Set([...s.roleAliases, ...(isAdmin(s) ? [AUDIENCE_ADMIN] : [])])];
}

/**
 * The one condition every reader's notice query carries: notices for everyone ('' audience) and those naming one of
 * the caller's roles. It reads only the notice row and bound aliases, so the list's cached count stays exact (the
 * aliases are part of its key).
 */
export function audienceWhere(s: Session): SQL {
  const aliases = readerAliases(s);
  return sql`(${bladeNotice.audienceRoles} = '' or string_to_array(${bladeNotice.audienceRoles}, ',') && ${`{${aliases.map((a) => `"${a.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`;
}

/** Whether the caller manages notices (the management screen keeps every notice of the zoo for them). */
export async function managesNotices(cache: Cache, tx: Tx, s: Session): Promise<boolean> {
  if (isAdministrator(s)) return true;
  if (s.roleIds.length === 0) return false;
  const { codes } = await sessionGrants(cache, tx, s);
  return MANAGE_BUTTONS.some((c) => codes.has(c));
}

/** The notice list and detail: everything for a manager, the caller's audience for everyone else. */
export async function noticeScope(cache: Cache, tx: Tx, s: Session): Promise<SQL | undefined> {
  return (await managesNotices(cache, tx, s)) ? undefined : audienceWhere(s);
}

/** Whether one notice is visible to the caller under `noticeScope` (the detail call). */
export async function canSeeNotice(cache: Cache, tx: Tx, s: Session, id: string): Promise<boolean> {
  const scope = await noticeScope(cache, tx, s);
  if (!scope) return true;
  const rows = await tx
    .select({ id: bladeNotice.id })
    .from(bladeNotice)
    .where(and(eq(bladeNotice.id, id), scope));
  return rows.length > 0;
}

/** An author's audience must name roles of the zoo: a mistyped alias would hide the notice from everyone. */
export async function checkAudience(tx: Tx, audience: string | null | undefined): Promise<void> {
  const wanted = aliasesOf(audience ?? '');
  if (wanted.length === 0) return;
  const found = new Set(
    (
      await tx
        .selectDistinct({ alias: bladeRole.roleAlias })
        .from(bladeRole)
        .where(and(inArray(bladeRole.roleAlias, wanted), eq(bladeRole.isDeleted, 0)))
    ).map((r) => r.alias),
  );
  const missing = wanted.filter((a) => !found.has(a));
  if (missing.length) throw new BizError(`通知对象中的角色「${missing.join('、')}」不存在`);
}

/** Role names for the aliases of these notices (one query a page); an alias no live role has shows as itself. */
export async function audienceNames(tx: Tx, audiences: string[]): Promise<(audience: string) => string> {
  const all = [...new Set(audiences.flatMap(aliasesOf))];
  const names = new Map<string, string>();
  if (all.length)
    for (const r of await tx
      .select({ alias: bladeRole.roleAlias, name: bladeRole.roleName })
      .from(bladeRole)
      .where(and(inArray(bladeRole.roleAlias, all), eq(bladeRole.isDeleted, 0)))
      .orderBy(bladeRole.sort, bladeRole.id))
      if (!names.has(r.alias)) names.set(r.alias, r.name);
  return (audience) =>
    aliasesOf(audience)
      .map((a) => names.get(a) ?? a)
      .join('、');
}
