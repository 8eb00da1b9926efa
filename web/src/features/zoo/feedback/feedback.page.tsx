import { CrudPage } from '../../../crud';
import { feedbackPage } from './feedback.crud';

/** /zoo/feedback/index */
export default function FeedbackPage() {
  return <CrudPage def={feedbackPage} />;
}
