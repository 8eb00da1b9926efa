import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { hashPlain } from '../platform/auth/password';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { parseMicrochip } from '@zoo/contract';
import { menuSubtree } from '../platform/access/menu-subtree';
import { bladeDept, bladeUser } from '../platform/identity/identity.tables';
import { bladePost } from '../modules/system/post/post.tables';
import { bladeRole, bladeRoleMenu } from '../platform/access/access.tables';
import { bladeMenu } from '../platform/access/access.tables';
import { bladeParam } from '../platform/param/param.tables';
import { bladeTenant } from '../platform/tenancy/tenancy.tables';
import { zooCageBreeder } from '../modules/zoo/place-people.tables';
import { zooAnimal, zooAnimalFlag, zooCage, zooPark, zooPopulation, zooTenantSpecies, zooVenue } from '../modules/zoo/zoo.tables';
import { speciesIdsByLatin } from './zoo';
import { seedDemoLedger } from './zoo-demo-ledger';
import {
  DEMO_ANIMALS,
  DEMO_FLAGS,
  demoLicenceDates,
  DEMO_KEEPERS,
  DEMO_VETS,
  DEMO_LICENCES,
  DEMO_PARK,
  DEMO_POPULATIONS,
  DEMO_TENANT,
  DEMO_VENUES,
} from './zoo-demo-data';

export type MenuRow = { id: string; parentId: string; code: string; category: number; alias: string };

/** Menu ids under the given top-level codes (menuSubtree: every descendant, the platform's own screens left out), kept by `keep`. */
export function subtree(menus: MenuRow[], codes: string[], keep: (m: MenuRow) => boolean = () => true): string[] {
  return menuSubtree(menus, codes)
    .filter(keep)
    .map((m) => m.id);
}

/**
 * The keeper role's menus: the zoo screens to open and view, without the medical records (group `vet`,
 * decision 0038), which only the vet role and the administrator hold.
 */
export function keeperMenus(menus: MenuRow[]): string[] {
  const medical = new Set(subtree(menus, ['vet']));
  return subtree(menus, ['desk', 'zoo'], (m) => (m.category === 1 || m.alias === 'view') && !medical.has(m.id));
}

/** The vet role's menus: what a keeper sees, plus every medical screen and button. */
export function vetMenus(menus: MenuRow[]): string[] {
  return [...new Set([...keeperMenus(menus), ...subtree(menus, ['vet'])])];
}

export async function ensureRole(tx: Tx, alias: string, name: string, menuIds: string[]): Promise<string> {
  const [found] = await tx
    .select({ id: bladeRole.id })
    .from(bladeRole)
    .where(and(eq(bladeRole.roleAlias, alias), eq(bladeRole.isDeleted, 0)));
  if (found) return found.id;
  const [role] = await tx.insert(bladeRole).values({ roleName: name, roleAlias: alias, sort: 1 }).returning({ id: bladeRole.id });
  if (menuIds.length) await tx.insert(bladeRoleMenu).values(menuIds.map((menuId) => ({ menuId, roleId: role!.id })));
  return role!.id;
}

export async function ensureUser(tx: Tx, account: string, realName: string, roleId: string, deptId: string, postId: string): Promise<string> {
  const [found] = await tx
    .select({ id: bladeUser.id })
    .from(bladeUser)
    .where(and(eq(bladeUser.account, account), eq(bladeUser.isDeleted, 0)));
  if (found) return found.id;
  const [u] = await tx
    .insert(bladeUser)
    .values({ account, password: await hashPlain(account === 'admin' ? 'admin' : account), name: realName, realName, roleId, deptId, postId })
    .returning({ id: bladeUser.id });
  return u!.id;
}

/** Tenant row, roles (admin with tenant.default.menuCode menus, keeper with the zoo screens), dept, post, users. */
async function seedDemoTenant(tx: Tx): Promise<Map<string, string>> {
  await tx
    .insert(bladeTenant)
    .values({ ...DEMO_TENANT, accountNumber: 100 })
    .onConflictDoNothing();
  const menus = await tx
    .select({ id: bladeMenu.id, parentId: bladeMenu.parentId, code: bladeMenu.code, category: bladeMenu.category, alias: bladeMenu.alias })
    .from(bladeMenu)
    .where(eq(bladeMenu.isDeleted, 0));
  const [param] = await tx
    .select({ v: bladeParam.paramValue })
    .from(bladeParam)
    .where(and(eq(bladeParam.paramKey, 'tenant.default.menuCode'), eq(bladeParam.isDeleted, 0)));
  const adminRole = await ensureRole(
    tx,
    'admin',
    '管理员',
    subtree(
      menus,
      (param?.v ?? 'zoo').split(',').map((s) => s.trim()),
    ),
  );
  const keeperRole = await ensureRole(tx, 'keeper', '饲养员', keeperMenus(menus));
  const vetRole = await ensureRole(tx, 'vet', '兽医', vetMenus(menus));
  let [dept] = await tx
    .select({ id: bladeDept.id })
    .from(bladeDept)
    .where(and(eq(bladeDept.parentId, '0'), eq(bladeDept.isDeleted, 0)))
    .limit(1);
  if (!dept)
    [dept] = await tx
      .insert(bladeDept)
      .values({ deptName: DEMO_TENANT.tenantName, fullName: DEMO_TENANT.tenantName, deptCategory: 1, sort: 1 })
      .returning({ id: bladeDept.id });
  let [post] = await tx
    .select({ id: bladePost.id })
    .from(bladePost)
    .where(and(eq(bladePost.postCode, 'ceo'), eq(bladePost.isDeleted, 0)));
  if (!post) [post] = await tx.insert(bladePost).values({ category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }).returning({ id: bladePost.id });
  await ensureUser(tx, 'admin', '园区管理员', adminRole, dept!.id, post!.id);
  const keepers = new Map<string, string>();
  for (const [account, name] of DEMO_KEEPERS) keepers.set(account, await ensureUser(tx, account, name, keeperRole, dept!.id, post!.id));
  for (const [account, name] of DEMO_VETS) await ensureUser(tx, account, name, vetRole, dept!.id, post!.id);
  return keepers;
}

async function seedLicences(tx: Tx, species: Map<string, string>): Promise<void> {
  const have = new Set((await tx.select({ id: zooTenantSpecies.speciesId }).from(zooTenantSpecies).where(eq(zooTenantSpecies.isDeleted, 0))).map((r) => r.id));
  for (const [latin, licenceNo, issuingAuthority, from, to] of DEMO_LICENCES) {
    const speciesId = species.get(latin);
    if (!speciesId || have.has(speciesId)) continue;
    await tx.insert(zooTenantSpecies).values({ speciesId, licenceNo, issuingAuthority, ...demoLicenceDates(from, to) });
  }
}

/** Park, venues, cages, animals (parents first), flag histories, populations, keeper assignments. */
async function seedDemoZooData(tx: Tx, species: Map<string, string>, keepers: Map<string, string>): Promise<void> {
  const [park] = await tx
    .insert(zooPark)
    .values({ parkName: DEMO_PARK, address: DEMO_TENANT.address, linkman: DEMO_TENANT.linkman, contactNumber: DEMO_TENANT.contactNumber })
    .returning({ id: zooPark.id });
  const cages = new Map<string, string>();
  let vs = 0;
  for (const [venueName, list] of DEMO_VENUES) {
    const [venue] = await tx.insert(zooVenue).values({ parkId: park!.id, venueName, sort: ++vs }).returning({ id: zooVenue.id });
    let cs = 0;
    for (const [cageCode, cageName, cageType, area, capacity] of list) {
      const [cage] = await tx
        .insert(zooCage)
        .values({ venueId: venue!.id, cageCode, cageName, cageType, area, capacity, sort: ++cs })
        .returning({ id: zooCage.id });
      cages.set(cageCode, cage!.id);
    }
  }
  const animals = new Map<string, string>();
  const individuals: Parameters<typeof seedDemoLedger>[2] = [];
  const parent = (v: string) => (v === 'UNK' || v === 'WILD' ? { id: null, mark: v } : { id: animals.get(v)!, mark: '' });
  for (const [localNo, animalName, latin, sex, birth, birthPrecision, origin, sireNo, damNo, cageCode, status] of DEMO_ANIMALS) {
    const sire = parent(sireNo);
    const dam = parent(damNo);
    const keeper = cageCode ? DEMO_KEEPERS.find(([, , codes]) => codes.includes(cageCode)) : undefined;
    const [row] = await tx
      .insert(zooAnimal)
      .values({
        speciesId: species.get(latin)!,
        localNo,
        animalName,
        sex,
        birthDate: birth ? `${birth} 00:00:00` : null,
        birthPrecision,
        origin,
        sireId: sire.id,
        sireMark: sire.mark,
        damId: dam.id,
        damMark: dam.mark,
        cageId: cageCode ? cages.get(cageCode)! : null,
        breederId: keeper ? keepers.get(keeper[0])! : null,
        status,
      })
      .returning({ id: zooAnimal.id });
    animals.set(localNo, row!.id);
    individuals.push({ id: row!.id, speciesId: species.get(latin)!, sex, cageId: cageCode ? cages.get(cageCode)! : null, status, localNo });
  }
  for (const [localNo, type, codes] of DEMO_FLAGS) {
    for (const [i, raw] of codes.entries()) {
      const chip = type === 1 ? parseMicrochip(raw) : null;
      const last = i === codes.length - 1;
      await tx.insert(zooAnimalFlag).values({
        animalId: animals.get(localNo)!,
        type,
        code: chip?.code ?? raw,
        version: i + 1,
        isoCompliant: chip ? (chip.isoCompliant ? 1 : 0) : null,
        voidTime: last ? null : '2022-06-01 10:00:00',
        voidReason: last ? '' : type === 1 ? '旧式芯片更换为ISO芯片' : '用途变更,重新申领',
      });
    }
  }
  const populations: Parameters<typeof seedDemoLedger>[1] = [];
  for (const [latin, cageCode, populationName, maleQuantity, femaleQuantity, theyQuantity] of DEMO_POPULATIONS) {
    const [row] = await tx
      .insert(zooPopulation)
      .values({ speciesId: species.get(latin)!, cageId: cages.get(cageCode)!, populationName, maleQuantity, femaleQuantity, theyQuantity })
      .returning({ id: zooPopulation.id });
    populations.push({
      id: row!.id,
      speciesId: species.get(latin)!,
      cageId: cages.get(cageCode)!,
      name: populationName,
      final: [maleQuantity, femaleQuantity, theyQuantity],
    });
  }
  await seedDemoLedger(tx, populations, individuals, cages);
  for (const [account, , codes] of DEMO_KEEPERS)
    for (const code of codes) await tx.insert(zooCageBreeder).values({ cageId: cages.get(code)!, userId: keepers.get(account)! });
}

/** The demo zoo 100000 示范动物园 (admin / admin). Safe on every start: pieces are keyed by natural keys. */
export async function seedDemoZoo(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, userName: '系统初始化' }, async (tx) => {
    const keepers = await seedDemoTenant(tx);
    const species = await speciesIdsByLatin(tx);
    await seedLicences(tx, species);
    const [park] = await tx
      .select({ id: zooPark.id })
      .from(zooPark)
      .where(and(eq(zooPark.parkName, DEMO_PARK), eq(zooPark.isDeleted, 0)));
    if (!park) await seedDemoZooData(tx, species, keepers);
  });
}
