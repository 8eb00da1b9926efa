import type { CrudPerms, DictCode, Endpoint, TreeNode } from '@zoo/contract';
import type { ReactNode } from 'react';
import type { z } from 'zod';

/**
 * The part of a contract `defineCrud(...)` result the UI needs. A resource declares only the calls it has: a
 * screen shows 查看 only with `detail`, 新增 / 编辑 only with `submit`, 删除 only with `remove` (or the page's own
 * detail / remove call). Declare it with `satisfies CrudResource`, not `: CrudResource`, so its record type
 * reaches the fields' render callbacks.
 */
export interface CrudResource {
  name: string;
  title: string;
  record: z.ZodObject;
  input: z.ZodObject;
  filters: z.ZodObject;
  /** List parameters that are not column filters (contract `params`): search fields may send them. */
  params?: z.ZodObject;
  perms: CrudPerms;
  endpoints: { list: Endpoint; detail?: Endpoint; submit?: Endpoint; remove?: Endpoint };
}

export type RowOf<C extends CrudResource> = z.output<C['record']>;
export type InputOf<C extends CrudResource> = z.input<C['input']>;
type ParamsOf<C extends CrudResource> = C['params'] extends z.ZodObject ? z.input<C['params']> : Record<never, never>;
/** A field of the record or the input, or a search-only field named like a list filter or parameter. */
export type FieldKey<C extends CrudResource> = (keyof RowOf<C> | keyof InputOf<C> | keyof z.input<C['filters']> | keyof ParamsOf<C>) & string;
export type AnyRow = Record<string, unknown>;

export type Widget = 'input' | 'textarea' | 'number' | 'select' | 'dict' | 'switch' | 'date' | 'datetime' | 'tree-select' | 'custom';

export interface Option {
  /** Text, or an i18n key (translated when the key exists). */
  label: string;
  value: string | number;
}

/** Props antd Form.Item injects into a control, passed on to custom widgets. */
export interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** UI settings of one field; everything about its shape and rules comes from the contract. */
export interface FieldDef<Row = AnyRow> {
  /** i18n key or plain text; default `<def.i18n>.<field>`, then the zod `meta.title`. */
  label?: string;
  /** Default: inferred from the zod type (number, switch for booleans, else input). */
  widget?: Widget;
  /** Textarea rows, kept within 3..5 (spec §9). */
  rows?: number;
  options?: Option[];
  dict?: DictCode;
  /** Tree-select source; `key` names the cache entry. */
  tree?: { key: string; load: () => Promise<TreeNode[]> };
  /** Multi-select values travel comma-joined, as Blade stores them. */
  multiple?: boolean;
  /** Switch values on the wire (Blade flags are numbers). Default [1, 0]. */
  switchValues?: [unknown, unknown];
  /**
   * Show in the search form; `key` renames the filter (e.g. `name_equal`). `range` makes it a date-time range
   * picker sending its start and end under the two keys (e.g. `createTime_dategt`, `createTime_datelt`), as the
   * local `yyyy-MM-dd HH:mm:ss` the user picked. `input` replaces a custom field's control in the search form
   * (a search may offer more choices than a form accepts).
   */
  search?: boolean | { key?: string; widget?: Widget; range?: [string, string]; input?(props: ControlProps): ReactNode };
  table?: boolean;
  form?: boolean;
  view?: boolean;
  /** Grid span in the dialog (24 = full row); default 24 for textareas, else 12. */
  span?: number;
  /** Column width in the table. */
  width?: number;
  render?(value: unknown, row: Row): ReactNode;
  /** The control for widget 'custom'. */
  input?(props: ControlProps): ReactNode;
  /**
   * Dialog only: a rule the contract cannot state per field (needed only on create, equal to another field);
   * returns the message to show, verbatim, or nothing. Runs after the field's own zod schema.
   */
  check?(value: unknown, values: AnyRow): string | undefined;
  /** Shows the required asterisk although the contract field is optional (pair it with `check`). */
  required?: boolean;
  /** Fields whose change re-runs this field's rules (a confirmation re-checked when the password changes). */
  dependencies?: string[];
  /** Dialog only: the field shows while this holds for the form's current values (and the dialog's mode). */
  when?(values: AnyRow, mode?: 'add' | 'edit' | 'view'): boolean;
  /** Dialog only: shown, not editable (the page sets the value, e.g. a dictionary item's code); or per mode. */
  readOnly?: boolean | ((mode?: 'add' | 'edit' | 'view') => boolean);
}

/** A screen declared once: the contract resource plus per-field UI settings. */
export interface CrudPageDef<C extends CrudResource = CrudResource> {
  crud: C;
  /** i18n prefix: labels at `<i18n>.<field>`, the page name at `<i18n>.title`. */
  i18n: string;
  /** Field order here is the column and form order. */
  fields: Partial<Record<FieldKey<C>, FieldDef<RowOf<C>>>>;
  rowKey?: string;
  /** Dialog width in px (default 800). */
  modalWidth?: number;
  /** Sent with every list call (e.g. a parent id for a child table). */
  baseQuery?: Record<string, unknown>;
  /** Values for a new record. */
  defaults?: Partial<InputOf<C>>;
  /** Reshapes form values before zod validation (extra keys, derived fields). */
  toInput?(values: AnyRow, row: RowOf<C> | undefined): AnyRow;
  /** 编辑 / 删除 show on a row only while this holds (history rows, e.g. voided flag versions). */
  rowWritable?(row: RowOf<C>): boolean;
  /** Reshapes a loaded record before it fills the edit/view form (the inverse of `toInput`). */
  fromRecord?(row: AnyRow): AnyRow;
  /** false for tree tables: the list answers an array and is shown whole. */
  pagination?: boolean;
  /** The list call, when not the resource's own `list` (dict parent-list, lazy lists). */
  list?: Endpoint;
  /**
   * The list answers one level: the rows under `parentId` ("0" = roots), each with `hasChildren`; a row's
   * children load when it is expanded. A search answers its hits from every level. Implies no pagination.
   */
  lazy?: boolean;
  /**
   * Lazy lists only: a search is sent without `parentId` (for a resource's own paged list, whose parentId filter
   * would confine the hits to the roots). Levels may then answer pages; their records are the rows.
   */
  searchAllLevels?: boolean;
  /** Values of a new child of `row`, or undefined when the row takes none; gives tree screens 新增子项. */
  addChild?(row: RowOf<C>): Partial<InputOf<C>> | undefined;
  /** Width of the operations column (default 200, at most 220: a row shows three controls, the rest under 更多). */
  actionWidth?: number;
  /**
   * Keys of the row actions most used on this resource, first first (built-ins: addChild, view, edit, delete; a
   * page's own: the `key` of its button): they stay in the row, the others go under 更多.
   */
  rowActionOrder?: readonly string[];
  /** Browse only: no add/edit/delete/view buttons, no selection (pages add their own row actions). */
  readOnly?: boolean;
  /** No operations column (browse-only tables whose page adds no row actions either). */
  noActions?: boolean;
  /** The audited table (`zoo_species`): the 查看 dialog gets a 变更记录 tab with the record's history. */
  auditTable?: string;
  /** No 查看 row button (the tenant package table of spec §2: add, edit, delete only). */
  noView?: boolean;
  /** Lazy lists whose parent travels under another key or root (regions: `parentCode`, root "00"). */
  lazyParent?: { key: string; root: string };
  /** The detail call, when it is not `detail?id=` (regions: `detail?code=`). */
  detail?(id: string): Promise<AnyRow>;
  /** The remove call, when it is not `remove?ids=a,b` (regions remove one `id` at a time). */
  remove?(ids: string[]): Promise<unknown>;
}

export type AnyCrudPageDef = CrudPageDef<CrudResource>;

export const defineCrudPage = <C extends CrudResource>(def: CrudPageDef<C>): CrudPageDef<C> => def;
