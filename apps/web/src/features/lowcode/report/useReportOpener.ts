import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { findMenuByPath } from '../../../shared/menu/rules.ts';
import { useSession } from '../../../stores/session.ts';

/** The viewer's own route, as the registry names it. */
export const reportViewPath = (id: string) => `/report/view/${id}`;

/**
 * Opens a report's viewer as a tab of its own when the menu has the (hidden) viewer route; otherwise the viewer
 * shows in place of the list, since a path without a menu entry is a 404 in this shell.
 */
export function useReportOpener() {
  const navigate = useNavigate();
  const menuAll = useSession((state) => state.menuAll);
  const [opened, setOpened] = useState<string | null>(null);
  const open = useCallback(
    (id: string) => {
      const path = reportViewPath(id);
      if (findMenuByPath(menuAll, path)) {
        navigate(path);
      } else {
        setOpened(id);
      }
    },
    [menuAll, navigate],
  );
  const close = useCallback(() => setOpened(null), []);
  return { opened, open, close };
}
