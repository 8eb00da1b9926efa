import { apiLogPage } from './log.crud';
import { LogPage } from './log-page';

export default function ApiLogPage() {
  return <LogPage def={apiLogPage} />;
}
