import { SpeciesRecord, ZooSpeciesRecord, species, zooSpeciesEndpoints, LICENCE_STATES } from '@zoo/contract';
import { Tag } from 'antd';
import { z } from 'zod';
import { defineCrudPage, type CrudResource } from '../../../crud';
import { t } from '../../../lib/i18n';

/**
 * The zoo's authorised species (licence scope) as a CRUD resource: the contract's zoo-species calls — list,
 * detail, update of the zoo's local fields. Adding and removing belong to the platform (动物园授权), so this
 * screen has no add/delete codes.
 */
const zooSpeciesResource = {
  name: 'zoo_species',
  title: '本园物种',
  record: ZooSpeciesRecord,
  input: zooSpeciesEndpoints.update.body!,
  filters: z.object({ speciesName: z.string().optional(), latinName: z.string().optional(), licenceState: z.enum(LICENCE_STATES).optional() }),
  perms: { add: '', edit: 'zoo_species_edit', delete: '', view: 'zoo_species_view' },
  endpoints: { list: zooSpeciesEndpoints.list, detail: zooSpeciesEndpoints.detail, submit: zooSpeciesEndpoints.update },
} satisfies CrudResource;

const date = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

export const zooSpeciesPage = defineCrudPage({
  // Read far more than edited: the record, where the species is kept, its protection history; 编辑 and 删除 under 更多.
  rowActionOrder: ['view', 'dist', 'status'],
  crud: zooSpeciesResource,
  i18n: 'zooSpecies',
  actionWidth: 200,
  // The form edits the zoo's override; "" (following the library) shows as empty.
  fromRecord: (row) => ({ ...row, managementMode: row.managementModeOverride === '' ? undefined : row.managementModeOverride }),
  fields: {
    speciesName: { search: true, width: 120 },
    latinName: { search: true, width: 200, render: (v) => <i>{String(v)}</i> },
    localName: { width: 120 },
    protectionClass: { dict: 'protection_class', width: 100, form: false },
    citesAppendix: { dict: 'cites_appendix', width: 90, form: false },
    iucnCategory: { dict: 'iucn_category', width: 90, form: false },
    managementMode: { dict: 'management_mode', width: 100 },
    // The library's range, shown beside the zoo's own (empty: the library's is in force).
    defaultGestationMinDays: { table: false, form: false },
    defaultGestationMaxDays: { table: false, form: false },
    gestationMinDays: { table: false },
    gestationMaxDays: { table: false },
    defaultBreedingAgeYears: { table: false, form: false },
    breedingAgeYears: { table: false },
    licenceNo: { width: 200 },
    issuingAuthority: { table: false },
    validFrom: { render: date, width: 110, table: false },
    validTo: { render: date, width: 110 },
    licenceState: { dict: 'licence_state', search: true, width: 100 },
    approvedQuantity: { table: false },
    individualCount: { width: 90 },
    populationQuantity: { width: 90 },
    totalQuantity: { width: 90 },
    localRemark: { widget: 'textarea', rows: 3, table: false },
  },
});

/** The platform library as a zoo sees it (public list), marking the species this zoo is authorised for. */
const publicResource = { ...species, name: 'zoo_species_public', record: SpeciesRecord.extend({ authorised: z.boolean() }) } satisfies CrudResource;

export const publicSpeciesPage = defineCrudPage({
  // Read far more than edited: the record, where the species is kept, its protection history; 编辑 and 删除 under 更多.
  rowActionOrder: ['view', 'dist', 'status'],
  crud: publicResource,
  i18n: 'zooSpeciesLib',
  list: zooSpeciesEndpoints.public,
  readOnly: true,
  actionWidth: 120,
  fields: {
    speciesName: { search: true, width: 120 },
    latinName: { search: true, width: 200, render: (v) => <i>{String(v)}</i> },
    taxonomyName: { width: 110 },
    protectionClass: { dict: 'protection_class', search: true, width: 110 },
    citesAppendix: { dict: 'cites_appendix', search: true, width: 100 },
    iucnCategory: { dict: 'iucn_category', width: 110 },
    managementMode: { dict: 'management_mode', width: 110 },
    authorised: {
      label: 'zooSpecies.authorised',
      width: 100,
      render: (v) => (v ? <Tag color="green">{t('zooSpecies.authorisedYes')}</Tag> : <Tag>{t('zooSpecies.authorisedNo')}</Tag>),
    },
  },
});
