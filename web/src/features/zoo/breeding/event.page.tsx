import { CrudPage } from '../../../crud';
import { eventPage } from './breeding.crud';

/** /zoo/breeding/event — 配种记录: natural pairings and artificial inseminations (straws taken from the bank). */
export default function EventPage() {
  return <CrudPage def={eventPage} />;
}
