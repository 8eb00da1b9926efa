import { dict } from '@zoo/contract';
import { DictManager } from './dict-manager';

/** /dict-horizontal/index: the system dictionary, entries beside the dictionaries. */
export default function DictHorizontalPage() {
  return <DictManager api={dict} layout="horizontal" />;
}
