import { dict } from '@zoo/contract';
import { DictManager } from './dict-manager';

/** /dict-vertical/index: the system dictionary, entries below the dictionaries. */
export default function DictVerticalPage() {
  return <DictManager api={dict} layout="vertical" />;
}
