import { CrudPage } from '../../../crud';
import { noticePage } from './notice.crud';

export default function NoticePage() {
  return <CrudPage def={noticePage} />;
}
