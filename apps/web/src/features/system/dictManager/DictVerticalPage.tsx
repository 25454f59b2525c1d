import { DictManager } from './DictManager.tsx';

/** /dict-vertical/index: dictionaries, their items in a dialog 880 wide. */
export function DictVerticalPage() {
  return <DictManager layout="vertical" />;
}
