import type { Page } from 'playwright-core';

/**
 * Table columns that hold what people typed (or the demo seed typed for them): names of animals, species, taxa,
 * parks, cages, people, roles, departments, posts and drugs; numbers of licences and animals; remarks, titles,
 * complaints, diagnoses, free-text routes. Chinese there is data, not an untranslated screen (decision 0049).
 * Dictionary-valued columns (sex, status, protection class, types, states) are not listed: Chinese there fails.
 */
const DATA_COLUMNS = [
  '.*\\bname\\b.*',
  '.*cage.*|.*enclosure.*|.*zoo.*',
  '.*\\bno\\.',
  'Account|Nickname|Remarks?|Title|Content|Address|Contact.*|Reason|Description|Label',
  'Species|Taxon|Class|Animal|Female|Sire|Dam|Candidate sires|Donor|Drug|Routes|Complaint|Diagnosis|Position|Individual|Population|Opinion|Proposed by',
  'Parks?|Venues?|Enclosures?|Departments?|Roles?|Posts?|Keepers?|Tenant|Zoo|Holder|Issuing authority|Location|Source.*|Destination',
  'Operator|User|Submitter|Applicant|Parent.*',
  // Permit numbers and authorities, products, free-text doses, the vet who wrote, processes people named.
  'Number|Issued by|Vaccine / product|Dose|Vet|Process|Recorded by',
  // People who acted, what a vet wrote (procedures, agents, causes, an authority's reference), cubs by name, packages.
  'Submitted by|Answered by|Released by|Prosector|By|Procedure|Agents|Cause of death|Authority.s reference|Cubs|Package',
  // The roles a notice is addressed to, by their names (decision 0051).
  'Audience',
  // What a vet wrote as a pregnancy's evidence, a cub and the sires a litter may have, by name (decision 0042).
  'Evidence|Cub|Possible sires',
  // Laboratory tests as the vet names them (a reference interval's or a result's test, decision 0038).
  'Test',
];
export const DATA_HEADERS = new RegExp(`^(${DATA_COLUMNS.join('|')})$`, 'i');

/** A piece of Chinese text an English screen shows, and where. */
export interface CjkText {
  text: string;
  where: string;
}

/**
 * The Chinese text visible on the page outside user-entered data (decision 0049). Allowed, by DOM region:
 * - cells of table columns whose header names user data (`dataHeaders`: names, remarks, titles people typed),
 * - the titles of tree nodes (departments, parks, venues: records people named), and the value a picker shows
 *   (`.ant-select-selection-item`: a screen opens with a species or zoo chosen; search forms open empty),
 * - an element declared Chinese with `lang="zh…"` (the language switcher's 中文 names itself in its language),
 * - the header's tenant and user names and the studbook's chosen species (`tenant-name`, `user-menu`,
 *   `studbook-species`: records people named),
 * - text marked `translate="no"` (the web's `UserText`): an animal's name, a complaint or a drug in a list outside a
 *   table (the round's doses, the vet home, the calendar, the top menus people created) — the element, not its
 *   whole list, so the list's own words are still checked.
 * Everything else in Chinese (labels, buttons, dictionary values, messages, server-made names) is reported.
 */
const DATA_MARKED = '[translate=no]';

export async function visibleCjk(page: Page, dataHeaders: RegExp): Promise<CjkText[]> {
  return page.evaluate(
    ({ source, flags, MARKED }) => {
      const data = new RegExp(source, flags);
      const cjk = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+/;
      const out: Array<{ text: string; where: string }> = [];
      const headerOf = (td: HTMLTableCellElement): string => {
        const table = td.closest('.ant-table');
        const ths = table ? Array.from(table.querySelectorAll('thead tr:last-child > th')) : [];
        return (ths[td.cellIndex] as HTMLElement | undefined)?.innerText.trim() ?? '';
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.nodeValue ?? '';
        if (!cjk.test(text)) continue;
        const el = n.parentElement;
        if (!el || el.closest('script,style,noscript,[aria-hidden=true]')) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (el.closest('[lang^=zh],[data-testid=tenant-name],[data-testid=user-menu],[data-testid=studbook-species],' + MARKED)) continue;
        if (el.closest('.ant-tree-title,.ant-select-tree-title,.ant-select-selection-item')) continue;
        const td = el.closest('td');
        const header = td ? headerOf(td as HTMLTableCellElement) : '';
        if (td && data.test(header)) continue;
        const where = header ? `column "${header}"` : (el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.className.toString().slice(0, 60));
        out.push({ text: text.trim().slice(0, 40), where });
      }
      return out;
    },
    { source: dataHeaders.source, flags: dataHeaders.flags, MARKED: DATA_MARKED },
  );
}
