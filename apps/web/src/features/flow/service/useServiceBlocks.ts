import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import type { BlocklyHandle } from './blockly/BlocklyWorkspace.tsx';
import { blocklyApi, type WorkspaceState } from './blocklyApi.ts';
import { flowKeys } from './useServiceTree.ts';

/**
 * A service's Blockly side: its saved blocks (read with blockly/fnFindByID), whether its code is theirs (then the
 * code editor is read-only), the open workspace's handle and unsaved changes, and the way back to hand-written code.
 */
export function useServiceBlocks(id: string) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: [...flowKeys.detail(id), 'blockly'],
    queryFn: () => blocklyApi.find(id),
    gcTime: 0,
  });
  // The blocks this screen saved or dropped since they were read (undefined: none yet, the read ones stand).
  const [changed, setChanged] = useState<WorkspaceState | null | undefined>(undefined);
  const read = found.data ? (found.data.data ?? null) : undefined;
  const data = changed === undefined ? read : changed;
  // A new workspace is built when the blocks are dropped, so it starts empty.
  const [generation, setGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const handle = useRef<BlocklyHandle>(null);
  const unlinking = useBusy({ showProblem: true });

  /** Drops the blocks and keeps the code (the server leaves it as it is), to be written by hand from now on. */
  const unlink = () =>
    unlinking.run(async () => {
      await blocklyApi.save({ id, data: null });
      setChanged(null);
      setDirty(false);
      setGeneration((n) => n + 1);
      toastSuccess(t('flow.blockly.unlinked'));
    });

  return {
    /** The saved blocks; undefined until read (or when they could not be read). */
    data,
    /** The code is generated from blocks: edited there, not by hand. */
    linked: data !== undefined && data !== null,
    loading: found.isPending,
    failed: found.isError,
    retry: () => void found.refetch(),
    handle,
    generation,
    dirty,
    setDirty,
    /** The blocks as the workspace holds them were just saved. */
    markSaved: (saved: WorkspaceState) => {
      setChanged(saved);
      handle.current?.markSaved();
    },
    unlink,
    unlinkProblem: unlinking.problem,
  };
}
