import { species, taxonomyEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { call } from '../../../lib/request';

/** The platform species library (物种库): every zoo picks its authorised species from it. */
export const speciesLibPage = defineCrudPage({
  // Read far more than edited: the record, where the species is kept, its protection history; 编辑 and 删除 under 更多.
  rowActionOrder: ['view', 'dist', 'status'],
  crud: species,
  i18n: 'zooSpeciesLib',
  auditTable: 'zoo_species',
  modalWidth: 960,
  actionWidth: 240,
  defaults: { protectionClass: 0, protectionAuthority: 0, citesAppendix: 'none', iucnCategory: 'NE', managementMode: 1, source: 'unverified' },
  fields: {
    speciesName: { search: true, width: 120 },
    latinName: { search: true, width: 200, render: (v) => <i>{String(v)}</i> },
    taxonomyId: { table: false, tree: { key: 'taxonomy', load: () => call(taxonomyEndpoints.tree, { query: {} }) } },
    taxonomyName: { width: 110 },
    protectionClass: { dict: 'protection_class', search: true, width: 110 },
    protectionAuthority: { dict: 'protection_authority', width: 100 },
    protectionRemark: { table: false },
    citesAppendix: { dict: 'cites_appendix', search: true, width: 100 },
    iucnCategory: { dict: 'iucn_category', search: true, width: 110 },
    iucnYear: { width: 100 },
    iucnCriteria: { table: false },
    managementMode: { dict: 'management_mode', width: 110 },
    tempMin: { table: false },
    tempMax: { table: false },
    humidityMin: { table: false },
    humidityMax: { table: false },
    gestationMinDays: { table: false },
    gestationMaxDays: { table: false },
    breedingAgeYears: { table: false },
    source: { dict: 'source_confidence', width: 100 },
    sourceNote: { widget: 'textarea', rows: 3, table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
