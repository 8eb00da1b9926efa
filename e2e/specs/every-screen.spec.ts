import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURES, screenshot, useBrowser } from '../lib/browser';
import { DATA_HEADERS, visibleCjk } from '../lib/cjk-text';
import { watchCsp, type CspViolation } from '../lib/csp';
import { crowdedRowCells } from '../lib/row-actions';
import { loginForScreens, openScreen } from '../lib/screens';
import { networkQuiet } from '../lib/wire';
import { screen } from '../lib/ui';

const b = useBrowser();

/**
 * Every menu screen of the zoo administrator, then the platform administrator's own, walked once per language:
 * - accessibility (decision 0048): axe's serious and critical findings on each screen and its add form, in zh and
 *   en; phone and tablet sizes never scroll the page sideways;
 * - English complete (decision 0049): in en, no Chinese outside user data (`visibleCjk`);
 * - content security policy (decision 0005): no violation on any screen walked, in either language;
 * - row actions (decision 0048): no table row of any screen, CRUD or hand-built, shows more than three actions (zh).
 * One walk for the three: each screen costs a navigation and its data, and three walks were a third of the e2e stage.
 */

/** What fails the spec: axe's two top impacts (WCAG 2.2 A/AA failures a user meets, not best-practice hints). */
const SEVERE = new Set(['serious', 'critical']);

type Found = { where: string; rule: string; impact: string; nodes: number; target: string; summary: string };

/** Runs axe (every rule of the default set) on the page or one part of it, answering its serious and critical findings. */
async function audit(page: Page, where: string, include?: string, contrast = true): Promise<Found[]> {
  // Violations only (axe's passes and incompletes are most of its time); the page's own frame (no screen embeds one it owns).
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  // Colours come from the theme, the same in both languages: measured once, in Chinese (the rule is most of axe's time).
  if (!contrast) builder.disableRules(['color-contrast']);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => SEVERE.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      target: String(v.nodes[0]?.target[0] ?? ''),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 2).join(' '),
    }));
}

/**
 * Opens the screen's own 新增 dialog (the add form of a list screen), audits it, closes it with Esc.
 * A dialog that closes by itself before axe reads it is opened once more (logged with a picture: seen once on a
 * slow CI machine, never here); a second time it is a finding, since a user would meet it too.
 */
async function auditAddForm(page: Page, where: string, contrast: boolean, again = false): Promise<Found[]> {
  const add = screen(page)
    .locator('.ant-card button.ant-btn-primary', { hasText: /^\s*(新增|Add)\s*$/ })
    .first();
  if (!(await add.isVisible().catch(() => false))) return [];
  await add.click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
  await dialog.waitFor({ state: 'visible', timeout: 5_000 });
  // Dialog fields settle: waited for, not guessed — the opening animation has ended (axe would read colours
  // half faded in) and the options the form loads (dictionaries, trees) have arrived.
  await expect
    .poll(
      () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length),
      { timeout: 5_000, interval: 20 },
    )
    .toBe(0);
  await networkQuiet(page, 150, 5_000);
  let found: Found[];
  try {
    found = await audit(page, `${where} (新增)`, '.ant-modal-wrap', contrast);
  } catch (e) {
    if (!/No elements found for include/.test(String(e))) throw e;
    await screenshot(page, `FAILED-dialog-gone${where.replace(/[/ ]+/g, '_')}`);
    console.log(`${where}: the 新增 dialog closed by itself before axe read it${again ? ' (twice)' : '; opening it again'}`);
    if (again) return [{ where, rule: 'dialog-closed', impact: 'serious', nodes: 1, target: '.ant-modal-wrap', summary: 'the 新增 dialog closed by itself' }];
    return auditAddForm(page, where, contrast, true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  // antd's dialog traps focus while open and returns it to what opened it (focusTriggerAfterClose).
  const back = await page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
  if (!/^(新增|Add)$/.test(back)) {
    // On a loaded machine the focus was now and then left on the page after a quick open and close; a second try
    // tells a timing accident (logged) from a dialog that never gives the focus back (reported).
    if (!again) {
      console.log(`${where}: focus did not return to 新增 after Esc; trying the dialog once more`);
      return auditAddForm(page, where, contrast, true);
    }
    found.push({ where, rule: 'focus-return', impact: 'serious', nodes: 1, target: back.slice(0, 80), summary: 'focus did not return to 新增' });
  }
  return found;
}

async function setLanguage(page: Page, language: 'zh' | 'en') {
  await page
    .locator('[data-testid=lang-switch]')
    .getByText(language === 'en' ? 'English' : '中文', { exact: true })
    .click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(language === 'en' ? /^en/ : /^zh/);
}

/** Pages outside the menu the platform administrator reaches (the dashboard's charts, the static pages). */
const STATIC_PAGES = ['/wel/dashboard', '/info/index', '/dict-horizontal/index', '/dict-vertical/index'];

const SIZES = [
  { w: 390, h: 844 },
  { w: 768, h: 1024 },
];

/** At phone and tablet sizes: the page never scrolls sideways (content scrolls inside its own table), and a picture of each screen. */
async function checkSizes(page: Page, screens: string[], tag: string): Promise<string[]> {
  const wide: string[] = [];
  for (const p of screens) {
    await page.setViewportSize({ width: SIZES[0].w, height: SIZES[0].h });
    await openScreen(page, p);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.w, height: size.h });
      // The layout answers the resize in the next frames (antd's breakpoints, the table's measure).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (scrollWidth > innerWidth) wide.push(`${p} at ${size.w}: ${scrollWidth} > ${innerWidth}`);
      if (PICTURES) await page.screenshot({ path: path.join(dir, `${tag}-${size.w}${p.replace(/[/?=&]+/g, '_')}.png`) });
    }
  }
  return wide;
}

const all: Found[] = [];
const dir = path.resolve('results');
const progress = path.join(dir, 'a11y-progress.log');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(progress, '');
/** Each screen's findings as they come (a slow run can be read before it ends). */
const note = (line: string) => fs.appendFileSync(progress, `${line}\n`);
afterAll(() => fs.writeFileSync(path.join(dir, 'a11y-findings.json'), JSON.stringify(all, null, 1)));

const format = (f: Found[]) => f.map((x) => `${x.where} · ${x.rule} (${x.impact}, ${x.nodes}) ${x.target} — ${x.summary}`);

// A comma list of paths narrows the walk while fixing (A11Y_SCREENS=/zoo/animal,/system/user).
const only = process.env.A11Y_SCREENS?.split(',').filter(Boolean);
// A screen's code is audited once, with the data of the first administrator who has it: the zoo administrator
// first (the zoo screens with a zoo's records), then the platform administrator's own screens.
const audited = new Set<string>();

for (const [who, tenantId] of [
  ['zoo administrator', '100000'],
  ['platform administrator', '000000'],
] as const) {
  describe(`every screen (accessibility, English, CSP, small screens): ${who}`, () => {
    let page: Page;
    let screens: string[];
    let cspViolations: () => Promise<CspViolation[]>;
    /** Violations seen before a reload (the page's own list starts again with each load). */
    const cspBefore: CspViolation[] = [];
    /**
     * Chinese outside user data on the English screen. Once seen, the screen is loaded afresh and looked at again:
     * what a fresh load shows in English is translated, and only what stays Chinese is reported. (Once in a long
     * walk a list showed its previous Chinese answer after the switch; a fresh load never did. Logged, not hidden.)
     */
    const untranslated = async (pg: Page, p: string): Promise<string[]> => {
      const first = await visibleCjk(pg, DATA_HEADERS);
      if (!first.length) return [];
      cspBefore.push(...(await cspViolations()));
      // Until the shell's own calls of a fresh load (menu, buttons, notices) are answered: requests begun before
      // openScreen listens are not seen by its quiet wait.
      await pg.reload({ waitUntil: 'networkidle' });
      await openScreen(pg, p);
      const again = await visibleCjk(pg, DATA_HEADERS);
      if (again.length < first.length) console.log(`${p}: Chinese before a fresh load, gone after it: ${JSON.stringify(first)}`);
      return again.map((c) => `${p} · ${c.where} · ${c.text}`);
    };
    beforeAll(async () => {
      page = await b.newPage();
      cspViolations = await watchCsp(page);
      const menu = await loginForScreens(page, tenantId);
      expect(menu.length).toBeGreaterThan(10);
      screens = menu.filter((p) => !audited.has(p) && (!only || only.includes(p)));
      screens.forEach((p) => audited.add(p));
    });

    for (const language of ['zh', 'en'] as const) {
      it(
        `${language}: every menu screen and its add form have no serious or critical axe violation${language === 'en' ? ', and no Chinese outside user data' : ', and no row shows more than three actions'}`,
        { timeout: 600_000 },
        async () => {
          const t0 = Date.now();
          await setLanguage(page, language);
          const found: Found[] = [];
          const chinese: string[] = [];
          const crowded: string[] = [];
          for (const [i, p] of screens.entries()) {
            await openScreen(page, p);
            const where = `${tenantId} ${language} ${p}`;
            // Labels change length, not the number of actions: counted once, in Chinese.
            if (language === 'zh') crowded.push(...(await crowdedRowCells(page)).map((c) => `${p} · ${c}`));
            // Before axe opens the add form: the screen as it first shows.
            if (language === 'en') chinese.push(...(await untranslated(page, p)));
            // The shell (sidebar, header, tabs) is the same around every screen: the whole page once, then the screen's part.
            const contrast = language === 'zh';
            const here = [
              ...(await audit(page, where, i === 0 ? undefined : '.ant-layout-content [data-active]', contrast)),
              ...(await auditAddForm(page, where, contrast)),
            ];
            format(here).forEach(note);
            note(`${where}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
            found.push(...here);
          }
          if (language === 'en' && tenantId === '000000')
            for (const p of STATIC_PAGES) {
              await openScreen(page, p);
              chinese.push(...(await untranslated(page, p)));
            }
          all.push(...found);
          console.log(`${who} ${language}: ${screens.length} screens audited in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          if (chinese.length) await screenshot(page, `english-screens-${tenantId}`);
          crowded.forEach((c) => note(`more than three row actions: ${c}`));
          expect({ axe: format(found), chinese, crowded }).toEqual({ axe: [], chinese: [], crowded: [] });
        },
      );
    }

    it('phone 390 × 844 and tablet 768 × 1024: no screen scrolls the page sideways', { timeout: 600_000 }, async () => {
      const t0 = Date.now();
      await setLanguage(page, 'zh');
      const wide = await checkSizes(page, screens, tenantId);
      wide.forEach(note);
      console.log(`${who}: ${screens.length} screens at two sizes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      expect(wide).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('no content security policy violation on any screen walked, in either language', async () => {
      const all = [...cspBefore, ...(await cspViolations())];
      expect([...new Set(all.map((v) => JSON.stringify(v)))]).toEqual([]);
    });
  });
}
