import { describe, expect, it } from 'vitest';
import * as contract from '@zoo/contract';
import type { ResourceDefinition } from '@zoo/contract';
import { CRUD_BUTTONS, MENU_TREE, type MenuSeed } from './menus';

/** Every code the seed writes: menus and their `<menu>_<verb>` buttons. */
function codes(items: readonly MenuSeed[]): string[] {
  return items.flatMap((it) => [
    it.code,
    ...[...(it.crud ? CRUD_BUTTONS : []), ...(it.buttons ?? [])].map(([verb]) => `${it.code}_${verb}`),
    ...codes(it.children ?? []),
  ]);
}

describe('menu seed', () => {
  // The seed finds menus by code: a button code equal to a menu code made the menu reuse the button's row
  // (tenant's 产品包配置 "tenant_package" swallowed the 租户产品包 menu).
  it('gives every menu and button its own code', () => {
    const all = codes(MENU_TREE);
    const dupes = all.filter((c, i) => all.indexOf(c) !== i);
    expect(dupes).toEqual([]);
    expect(all).toContain('tenant_package');
    expect(all).toContain('tenant_package_setting');
  });
});

/** Every endpoint descriptor the contract exports, however deeply grouped (endpoints, resource definitions…). */
function endpointsIn(v: unknown, seen = new Set<unknown>()): Array<{ path: string; access: unknown }> {
  if (!v || typeof v !== 'object' || seen.has(v)) return [];
  seen.add(v);
  const o = v as Record<string, unknown>;
  if (typeof o.path === 'string' && typeof o.method === 'string' && 'access' in o) return [{ path: o.path, access: o.access }];
  return Object.values(o).flatMap((x) => endpointsIn(x, seen));
}

describe('permission codes', () => {
  const granted = new Set([...codes(MENU_TREE)]);
  // `Permission` types every literal code; codes a resource derives from its name (`<name>_add`…) are only
  // strings to the compiler, so this proves each of them names a seeded menu or button.
  it('every endpoint of the contract checks a menu or button the seed creates', () => {
    const perms = endpointsIn(contract).flatMap((e) => (typeof e.access === 'object' && e.access ? [[e.path, (e.access as { perm: string }).perm]] : []));
    expect(perms.length).toBeGreaterThan(50);
    expect(perms.filter(([, p]) => !granted.has(p!))).toEqual([]);
  });

  it('every resource with a submit verb has a seeded edit code (submit with an id checks it)', () => {
    const defs = (Object.values(contract) as unknown[]).filter((d): d is ResourceDefinition =>
      Boolean(d && typeof d === 'object' && 'perms' in d && 'verbs' in d),
    );
    expect(defs.length).toBeGreaterThan(20);
    const missing = defs.filter((d) => d.verbs.includes('submit') && !d.access?.submit && !granted.has(d.perms.edit)).map((d) => d.perms.edit);
    expect(missing).toEqual([]);
  });
});
