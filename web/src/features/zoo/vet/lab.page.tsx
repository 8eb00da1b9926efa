import { CrudPage } from '../../../crud';
import { labPage } from './vet.crud';

/** /zoo/vet/lab — 检验结果: laboratory results, values outside their reference interval flagged 偏低 / 偏高. */
export default function LabPage() {
  return <CrudPage def={labPage} />;
}
