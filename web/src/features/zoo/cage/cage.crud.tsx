import { cage } from '@zoo/contract';
import { defineCrudPage, type ControlProps } from '../../../crud';
import { AlarmBadge } from '../shared/alarm-badge';
import { parkField, VenueOfParkSelect } from '../shared/place-pickers';

/**
 * 笼舍管理: cages listed by park (contract `cage`). The park is a form-only choice (cages hang on a venue);
 * choosing it reloads the venue choices.
 */
export const cagePage = defineCrudPage({
  crud: cage,
  i18n: 'cage',
  auditTable: 'zoo_cage',
  fields: {
    parkId: { ...parkField, search: true, form: true, table: false, view: false },
    venueId: { widget: 'custom', input: (p: ControlProps) => <VenueOfParkSelect {...p} />, table: false, view: false },
    cageCode: { search: true, width: 110 },
    cageName: { search: true },
    openAlarms: { form: false, view: false, width: 110, render: (v) => <AlarmBadge count={Number(v)} /> },
    parkName: { form: false },
    venueName: { form: false },
    cageType: { dict: 'cage_type', search: true, width: 120 },
    area: { width: 110 },
    capacity: { width: 90 },
    animalCount: { form: false, width: 90 },
    populationQuantity: { form: false, width: 100 },
    cameraUrl: { table: false, span: 24 },
    sort: { table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { cageType: 1, area: 0, capacity: 0, sort: 0 },
  actionWidth: 420,
});

/** Keepers (users of the zoo) assigned to one cage (contract `cageBreeder`). */
