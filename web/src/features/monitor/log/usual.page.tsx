import { usualLogPage } from './log.crud';
import { LogPage } from './log-page';

export default function UsualLogPage() {
  return <LogPage def={usualLogPage} />;
}
