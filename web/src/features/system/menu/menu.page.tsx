import { CrudPage } from '../../../crud';
import { menuPage } from './menu.crud';

export default function MenuPage() {
  return <CrudPage def={menuPage} />;
}
