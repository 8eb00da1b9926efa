import { CrudPage } from '../../../crud';
import { weightRefPage } from './vet-round.crud';

/** /zoo/vet/weight-ref — 参考生长曲线: species reference weights by age. */
export default function WeightRefPage() {
  return <CrudPage def={weightRefPage} />;
}
