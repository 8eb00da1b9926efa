import { CrudPage } from '../../../crud';
import { treatmentPage } from './vet.crud';

/** /zoo/vet/treatment — 治疗处方: every prescription of the zoo; the form computes the dose from the latest weight. */
export default function TreatmentPage() {
  return <CrudPage def={treatmentPage} />;
}
