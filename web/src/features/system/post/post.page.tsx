import { CrudPage } from '../../../crud';
import { postPage } from './post.crud';

export default function PostPage() {
  return <CrudPage def={postPage} />;
}
