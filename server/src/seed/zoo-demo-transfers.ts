import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { bladeDept } from '../platform/identity/identity.tables';
import { bladeMenu } from '../platform/access/access.tables';
import { bladeParam } from '../platform/param/param.tables';
import { bladePost } from '../modules/system/post/post.tables';
import { bladeTenant } from '../platform/tenancy/tenancy.tables';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooAnimal, zooCage, zooPark, zooTenantSpecies, zooVenue } from '../modules/zoo/zoo.tables';
import { zooTransferLog } from '../modules/zoo/transfer/transfer.tables';
import { zooPermit } from '../modules/zoo/permit/permit.tables';
import { confirmTransfer, proposalRow, withdrawTransfer, type Proposal } from '../modules/zoo/transfer/transfer.service';
import { speciesIdsByLatin } from './zoo';
import { DEMO_TENANT, demoLicenceDates, demoToday } from './zoo-demo-data';
import { ensureRole, ensureUser, subtree } from './zoo-demo';

/** The second demo zoo, receiver of the demo transfers (admin / admin in tenant 100001). */
export const DEMO_ZOO_2 = { tenantId: '100001', tenantName: '示范野生动物园', linkman: '周园长', contactNumber: '13900000000', address: '示范市森林大道8号' };
const PARK_2 = '示范野生动物园';
const LICENCES_2: Array<[string, string]> = [
  ['Grus japonensis', '(国)驯繁字[2024]021号'],
  ['Macaca mulatta', '(示)驯繁字[2024]031号'],
  ['Cervus nippon', '(示)驯繁字[2024]032号'],
  ['Panthera tigris altaica', '(国)驯繁字[2024]022号'],
];
const CAGES_2: Array<[string, string]> = [
  ['YN-01', '鹤园'],
  ['YM-01', '猴山'],
  ['YL-01', '鹿苑'],
  ['YH-01', '虎山'],
];

const today = () => `${demoToday()} 00:00:00`;

async function seedZoo2(tx: Tx): Promise<Map<string, string>> {
  await tx
    .insert(bladeTenant)
    .values({ ...DEMO_ZOO_2, accountNumber: 100 })
    .onConflictDoNothing();
  const menus = await tx
    .select({ id: bladeMenu.id, parentId: bladeMenu.parentId, code: bladeMenu.code, category: bladeMenu.category, alias: bladeMenu.alias })
    .from(bladeMenu)
    .where(eq(bladeMenu.isDeleted, 0));
  const [param] = await tx
    .select({ v: bladeParam.paramValue })
    .from(bladeParam)
    .where(and(eq(bladeParam.paramKey, 'tenant.default.menuCode'), eq(bladeParam.isDeleted, 0)));
  const role = await ensureRole(
    tx,
    'admin',
    '管理员',
    subtree(
      menus,
      (param?.v ?? 'zoo').split(',').map((s) => s.trim()),
    ),
  );
  let [dept] = await tx
    .select({ id: bladeDept.id })
    .from(bladeDept)
    .where(and(eq(bladeDept.parentId, '0'), eq(bladeDept.isDeleted, 0)))
    .limit(1);
  if (!dept)
    [dept] = await tx
      .insert(bladeDept)
      .values({ deptName: DEMO_ZOO_2.tenantName, fullName: DEMO_ZOO_2.tenantName, deptCategory: 1, sort: 1 })
      .returning({ id: bladeDept.id });
  let [post] = await tx
    .select({ id: bladePost.id })
    .from(bladePost)
    .where(and(eq(bladePost.postCode, 'ceo'), eq(bladePost.isDeleted, 0)));
  if (!post) [post] = await tx.insert(bladePost).values({ category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }).returning({ id: bladePost.id });
  await ensureUser(tx, 'admin', '野生园管理员', role, dept!.id, post!.id);
  const species = await speciesIdsByLatin(tx);
  for (const [latin, licenceNo] of LICENCES_2)
    await tx.insert(zooTenantSpecies).values({ speciesId: species.get(latin)!, licenceNo, issuingAuthority: '示范省林业和草原局', ...demoLicenceDates(-2, 2) });
  const [park] = await tx
    .insert(zooPark)
    .values({ parkName: PARK_2, address: DEMO_ZOO_2.address, linkman: DEMO_ZOO_2.linkman, contactNumber: DEMO_ZOO_2.contactNumber })
    .returning({ id: zooPark.id });
  const [venue] = await tx.insert(zooVenue).values({ parkId: park!.id, venueName: '动物展区', sort: 1 }).returning({ id: zooVenue.id });
  const cages = new Map<string, string>();
  let sort = 0;
  for (const [cageCode, cageName] of CAGES_2) {
    const [c] = await tx
      .insert(zooCage)
      .values({ venueId: venue!.id, cageCode, cageName, cageType: 1, area: 200, capacity: 10, sort: ++sort })
      .returning({ id: zooCage.id });
    cages.set(cageCode, c!.id);
  }
  return cages;
}

async function animalId(tx: Tx, localNo: string): Promise<string> {
  const [a] = await tx
    .select({ id: zooAnimal.id })
    .from(zooAnimal)
    .where(and(eq(zooAnimal.localNo, localNo), eq(zooAnimal.isDeleted, 0)));
  return a!.id;
}
async function cageId(tx: Tx, code: string): Promise<string> {
  const [c] = await tx
    .select({ id: zooCage.id })
    .from(zooCage)
    .where(and(eq(zooCage.cageCode, code), eq(zooCage.isDeleted, 0)));
  return c!.id;
}

/**
 * A second demo zoo and one transfer from the demo zoo in each state (accepted, pending, rejected, withdrawn),
 * made through the same service calls as the screens. Runs once: skipped when the second zoo has its park.
 */
export async function seedDemoTransfers(database: Database): Promise<void> {
  const zoo2 = { tenantId: DEMO_ZOO_2.tenantId, name: '野生园管理员' };
  const zoo1 = { tenantId: DEMO_TENANT.tenantId, name: '园区管理员' };
  const cages = await inTenant(database.db, { tenantId: zoo2.tenantId, userName: '系统初始化' }, async (tx) => {
    const [park] = await tx
      .select({ id: zooPark.id })
      .from(zooPark)
      .where(and(eq(zooPark.parkName, PARK_2), eq(zooPark.isDeleted, 0)));
    return park ? undefined : seedZoo2(tx);
  });
  if (!cages) return;
  const species = await inTenant(database.db, { tenantId: zoo1.tenantId }, (tx) => speciesIdsByLatin(tx));
  // The transport certificate the demo zoo's outgoing transfers travel with (class I/II species need one, decision
  // 0040); it runs out in 45 days, so the permit screen shows it coloured as expiring.
  const permitId = await inTenant(database.db, { tenantId: zoo1.tenantId, userName: zoo1.name }, async (tx) => {
    const day = (d: number) => new Date(Date.parse(`${demoToday()}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const lines = (
      [
        ['Grus japonensis', 2],
        ['Cervus nippon', 4],
        ['Panthera tigris altaica', 1],
        ['Macaca mulatta', 6],
      ] as const
    ).map(([latin, quantity]) => ({ speciesId: species.get(latin)!, sex: 0, quantity }));
    const [p] = await tx
      .insert(zooPermit)
      .values({
        kind: 3,
        permitNo: `YS-${demoToday().slice(0, 4)}-0001`,
        issuingAuthority: '北京市园林绿化局',
        holderName: '示范动物园',
        validFrom: day(-30),
        validTo: day(45),
        lines,
      })
      .returning({ id: zooPermit.id });
    return p!.id;
  });
  const propose = (p: Omit<Proposal, 'toTenantId' | 'transferDate' | 'maleQuantity' | 'femaleQuantity' | 'theyQuantity' | 'permitIds'> & Partial<Proposal>) =>
    inTenant(database.db, { tenantId: zoo1.tenantId, userName: zoo1.name }, async (tx) => {
      const body = {
        toTenantId: zoo2.tenantId,
        transferDate: today(),
        maleQuantity: 0,
        femaleQuantity: 0,
        theyQuantity: 0,
        permitIds: [permitId],
        ...p,
      } as Proposal;
      const full = await proposalRow(
        tx,
        { ...body, animalId: p.animalId ? await animalId(tx, p.animalId) : null, cageId: p.cageId ? await cageId(tx, p.cageId) : null },
        zoo1,
      );
      const [row] = await tx.insert(zooTransferLog).values(full).returning({ id: zooTransferLog.id });
      return row!.id;
    });
  const confirm = (id: string, status: 1 | 2, transferOpinion: string, cage?: string) =>
    inTenant(database.db, { tenantId: zoo2.tenantId, userName: zoo2.name }, (tx) =>
      confirmTransfer(tx, { id, status, transferOpinion, toCageId: cage ? cages.get(cage)! : null, localNo: null }, zoo2),
    );
  const accepted = await propose({ animalType: 1, speciesId: species.get('Grus japonensis')!, animalId: 'C002', remark: '丹顶鹤繁殖配对,长期转移' });
  await confirm(accepted, 1, '已安全抵达,隔离检疫合格', 'YN-01');
  const rejected = await propose({
    animalType: 2,
    speciesId: species.get('Cervus nippon')!,
    cageId: 'HB-01',
    maleQuantity: 1,
    femaleQuantity: 1,
    remark: '梅花鹿种群交换',
  });
  await confirm(rejected, 2, '本园鹿苑改造中,暂不具备接收条件');
  const withdrawn = await propose({ animalType: 1, speciesId: species.get('Panthera tigris altaica')!, animalId: 'T005', remark: '东北虎繁殖借用' });
  await inTenant(database.db, { tenantId: zoo1.tenantId, userName: zoo1.name }, (tx) => withdrawTransfer(tx, withdrawn, zoo1));
  await propose({ animalType: 2, speciesId: species.get('Macaca mulatta')!, cageId: 'PR-02', maleQuantity: 2, femaleQuantity: 3, remark: '猕猴种群疏解' });
}
