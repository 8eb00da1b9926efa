import { animal } from '@zoo/contract';
import { Link } from 'react-router';
import { defineCrudPage } from '../../../crud';
import { t } from '../../../lib/i18n';
import { ParentSelect, SpeciesCageSelect, ZooSpeciesSelect, splitParent } from '../shared/registry-widgets';
import { PhotoUpload, photoList } from '../shared/photo-upload';
import { candidatesMissing, MultCandidates, parseCandidates } from '../shared/mult-candidates';

/** Cage and parents belong to the species: a new species clears them. */
const SPECIES_RESETS = { cageId: undefined, sireName: 'UNK', damName: 'UNK' };

/** A parent cell: the registered animal (a link to its detail) or the studbook mark. */
const parentCell = (id: string, name: string, mark: string) =>
  id ? <Link to={`/animal/detail/${id}`}>{name || id}</Link> : t(`zooRegistry.mark.${mark || 'UNK'}`);

/**
 * Individual animals. The parent pickers edit `sireName` / `damName` (record-only fields) holding an animal id or
 * the UNK / WILD mark; `toInput` turns that into the contract's id + mark pair and `fromRecord` back.
 */
export const animalPage = defineCrudPage({
  crud: animal,
  i18n: 'zooAnimal',
  auditTable: 'zoo_animal',
  modalWidth: 960,
  actionWidth: 200,
  // A keeper opens an animal's file and its daily log far more often than anything else on the row.
  rowActionOrder: ['detail', 'log', 'edit'],
  defaults: { sex: 3, origin: 1, status: 1, sireName: 'UNK', damName: 'UNK' } as Record<string, unknown>,
  fromRecord: (row) => ({
    ...row,
    sireName: row.sireId || row.sireMark || 'UNK',
    damName: row.damId || row.damMark || 'UNK',
    sireCandidates: parseCandidates(row.sireCandidates),
    damCandidates: parseCandidates(row.damCandidates),
    photos: photoList(row.photos),
  }),
  toInput: (values) => {
    const { sireName, damName, sireCandidates, damCandidates, ...rest } = values;
    const sire = splitParent(sireName);
    const dam = splitParent(damName);
    // Candidates travel only with a MULT mark (the contract refuses them otherwise); unpicked rows are dropped.
    const picked = (v: unknown) => parseCandidates(v).filter((c) => c.id);
    return {
      ...rest,
      sireId: sire.id,
      sireMark: sire.mark,
      sireCandidates: sire.mark === 'MULT' ? picked(sireCandidates) : undefined,
      damId: dam.id,
      damMark: dam.mark,
      damCandidates: dam.mark === 'MULT' ? picked(damCandidates) : undefined,
    };
  },
  fields: {
    speciesId: {
      widget: 'custom',
      table: false,
      input: (p) => <ZooSpeciesSelect {...p} resets={SPECIES_RESETS} />,
      // A search finds animals of species whose licence has lapsed too.
      search: { input: (p) => <ZooSpeciesSelect {...p} all /> },
    },
    speciesName: { width: 110 },
    localNo: { search: true, width: 100 },
    animalName: { search: true, width: 100 },
    sex: { dict: 'animal_sex', search: true, width: 70 },
    birthDate: { widget: 'date', width: 110, render: (v) => (typeof v === 'string' ? v.slice(0, 10) : '') },
    birthPrecision: { dict: 'birth_precision', table: false },
    origin: { dict: 'animal_origin', width: 100 },
    sireName: {
      form: true,
      widget: 'custom',
      input: (p) => <ParentSelect {...p} sex={1} />,
      width: 100,
      render: (_v, row) => parentCell(row.sireId, row.sireName, row.sireMark),
    },
    damName: {
      form: true,
      widget: 'custom',
      input: (p) => <ParentSelect {...p} sex={2} />,
      width: 100,
      render: (_v, row) => parentCell(row.damId, row.damName, row.damMark),
    },
    // A MULT parent's candidates, right under the parents, only while MULT is chosen.
    sireCandidates: {
      widget: 'custom',
      table: false,
      span: 24,
      required: true,
      when: (v) => v.sireName === 'MULT',
      input: (p) => <MultCandidates {...p} sex={1} />,
      check: (v) => (candidatesMissing(v) ? t('zooAnimal.mult.needTwo') : undefined),
    },
    damCandidates: {
      widget: 'custom',
      table: false,
      span: 24,
      required: true,
      when: (v) => v.damName === 'MULT',
      input: (p) => <MultCandidates {...p} sex={2} />,
      check: (v) => (candidatesMissing(v) ? t('zooAnimal.mult.needTwo') : undefined),
    },
    // Cage and status are the stock ledger's: shown, never edited here (a record enters through 出生登记 / 引进登记,
    // the screen's 新增; decision 0027).
    cageId: {
      widget: 'custom',
      input: (p) => <SpeciesCageSelect {...p} />,
      when: (_v, mode) => mode === 'view',
      readOnly: true,
      width: 140,
      render: (_v, row) => (row.cageId ? `${row.cageCode} ${row.cageName}` : ''),
    },
    status: { dict: 'animal_status', search: true, width: 80, form: false },
    breederName: { width: 90 },
    photos: { widget: 'custom', input: (p) => <PhotoUpload {...p} />, table: false, span: 24 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
