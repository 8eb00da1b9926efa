import { CrudPage } from '../../../crud';
import { deptPage } from './dept.crud';

export default function DeptPage() {
  return <CrudPage def={deptPage} />;
}
