import { errorLogPage } from './log.crud';
import { LogPage } from './log-page';

export default function ErrorLogPage() {
  return <LogPage def={errorLogPage} />;
}
