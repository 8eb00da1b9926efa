import { CrudPage } from '../../../crud';
import { groupTreatmentPage } from './vet-round.crud';

/** /zoo/vet/group-treatment — 群体治疗: a population's treatment with the heads treated. */
export default function GroupTreatmentPage() {
  return <CrudPage def={groupTreatmentPage} />;
}
