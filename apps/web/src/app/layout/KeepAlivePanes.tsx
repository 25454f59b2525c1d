import { memo, Suspense, useMemo, useRef } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../../shared/components/PageSpinner.tsx';
import { ScreenContext } from '../../shared/screen/ScreenContext.ts';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import type { ResolvedScreen } from './resolveScreen.ts';

export interface Pane {
  /** The tab value (path, or external src). */
  key: string;
  location: { pathname: string; search: string };
  resolved: ResolvedScreen;
}

interface Props {
  current: Pane;
  /** Panes of the open tabs, in tab order (already resolved). */
  tabPanes: Pane[];
  generations: Record<string, number>;
}

/**
 * Keep-alive: every open tab visited since the page loaded stays mounted (hidden when inactive), so switching
 * tabs keeps form input and scroll state. Tabs restored from storage mount only when first shown, and closing
 * a tab unmounts its page.
 */
export function KeepAlivePanes({ current, tabPanes, generations }: Props) {
  const visited = useRef(new Set<string>());
  visited.current.add(current.key);
  const open = new Set(tabPanes.map((pane) => pane.key));
  for (const key of visited.current) {
    if (!open.has(key) && key !== current.key) {
      visited.current.delete(key);
    }
  }
  const panes = tabPanes
    .filter((pane) => visited.current.has(pane.key))
    .map((pane) => (pane.key === current.key ? current : pane));
  if (!open.has(current.key)) {
    panes.push(current);
  }

  return (
    <>
      {panes.map((pane) => (
        <PaneView
          key={`${pane.key}#${generations[pane.key] ?? 0}`}
          pane={pane}
          active={pane.key === current.key}
        />
      ))}
    </>
  );
}

/** Whether a pane would draw the same: the same screen at the same address, shown or hidden alike. */
function samePane(before: PaneProps, after: PaneProps): boolean {
  const a = before.pane;
  const b = after.pane;
  return (
    before.active === after.active &&
    a.key === b.key &&
    a.location.pathname === b.location.pathname &&
    a.location.search === b.location.search &&
    a.resolved.Screen === b.resolved.Screen &&
    a.resolved.pattern === b.resolved.pattern &&
    a.resolved.menu === b.resolved.menu &&
    a.resolved.label === b.resolved.label
  );
}

interface PaneProps {
  pane: Pane;
  active: boolean;
}

/**
 * One tab's screen. The shell draws again on every move between tabs, and the pane objects are made anew each time;
 * memoised on what it shows, a hidden screen is not drawn again for it (with twenty tabs open, every click drew all
 * twenty). A screen still draws on its own state, queries and contexts.
 */
const PaneView = memo(function PaneView({ pane, active }: PaneProps) {
  const { Screen, pattern, menu, label } = pane.resolved;
  const path = pane.location.pathname;
  const screen = useMemo(() => ({ menu, label, path }), [menu, label, path]);
  return (
    <section className="app-pane" hidden={!active} aria-hidden={!active} data-pane={pane.key}>
      <ScreenContext.Provider value={screen}>
        <ErrorBoundary resetKey={path}>
          <Suspense fallback={<PageSpinner />}>
            <Routes location={pane.location}>
              <Route path={pattern} element={<Screen />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </ScreenContext.Provider>
    </section>
  );
}, samePane);
