import { CrudPage } from '../../../crud';
import { labRefPage } from './lab-ref.crud';

/** /zoo/vet/lab-ref — 检验参考区间: species reference intervals of laboratory tests. */
export default function LabRefPage() {
  return <CrudPage def={labRefPage} />;
}
