import { DictManager } from './DictManager.tsx';

/** /dict-horizontal/index: dictionaries and their items side by side. */
export function DictHorizontalPage() {
  return <DictManager layout="horizontal" />;
}
