/** The CRUD layer: declare a screen once with defineCrudPage, render it with <CrudPage>. */
export { Can, useCan, type CanCheck } from './can';
export { cleanQuery } from './clean-query';
export { ACTION_COLORS, ChangeHistory } from './change-history';
export { auditValue, useAuditFieldLabel, visibleChanges } from './audit-fields';
export { CrudPage, type CrudContext, type CrudPageProps } from './crud-page';
export type { CrudAdd } from './crud-toolbar';
export { useRowDialog } from './use-row-dialog';
export { ControlSelect } from './control-select';
export { listResource } from './list-resource';
export { readonlyResource, type ReadonlyResource, type ReadonlyRow } from './readonly-resource';
export type { FormSlotContext } from './crud-form-modal';
export { CRUD_TREE_KEY, crudKeys, useCrudDetail, useCrudList, useCrudSubmit } from './crud-queries';
export { DictSelect, DictTag, dictLabel, useDict } from './dict';
export { DATE_FORMAT, DATE_TIME_FORMAT } from './field-codec';
export { defineCrudPage, type ControlProps, type CrudPageDef, type CrudResource, type FieldDef, type Option, type RowOf, type Widget } from './types';
