import { CrudPage } from '../../../crud';
import { paramPage } from './param.crud';

export default function ParamPage() {
  return <CrudPage def={paramPage} />;
}
