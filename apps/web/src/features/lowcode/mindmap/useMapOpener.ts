import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { findMenuByPath } from '../../../shared/menu/rules.ts';
import { useSession } from '../../../stores/session.ts';

/** The views of one map opened from the list: its editor (detail) or its run (exec). */
export type MapView = 'detail' | 'exec';

export interface OpenedMap {
  view: MapView;
  id: string;
}

/** The route of a map's view, as the registry names it. */
export const mapViewPath = (view: MapView, id: string) => `/mindmap/${view}/${id}`;

/**
 * Opens a map's view as a tab of its own when the menu has its route; a tenant whose menu lacks the (hidden) route
 * gets the view in place of the list instead, since a path without a menu entry is a 404 in this shell.
 */
export function useMapOpener() {
  const navigate = useNavigate();
  const menuAll = useSession((state) => state.menuAll);
  const [opened, setOpened] = useState<OpenedMap | null>(null);
  const open = useCallback(
    (view: MapView, id: string) => {
      const path = mapViewPath(view, id);
      if (findMenuByPath(menuAll, path)) {
        navigate(path);
      } else {
        setOpened({ view, id });
      }
    },
    [menuAll, navigate],
  );
  const close = useCallback(() => setOpened(null), []);
  return { opened, open, close };
}
