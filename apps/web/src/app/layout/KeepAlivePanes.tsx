import { Suspense, useRef } from 'react';
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
      {panes.map((pane) => {
        const active = pane.key === current.key;
        const { Screen, pattern, menu, label } = pane.resolved;
        return (
          <section
            key={`${pane.key}#${generations[pane.key] ?? 0}`}
            className="app-pane"
            hidden={!active}
            aria-hidden={!active}
            data-pane={pane.key}
          >
            <ScreenContext.Provider value={{ menu, label, path: pane.location.pathname }}>
              <ErrorBoundary resetKey={pane.location.pathname}>
                <Suspense fallback={<PageSpinner />}>
                  <Routes location={pane.location}>
                    <Route path={pattern} element={<Screen />} />
                  </Routes>
                </Suspense>
              </ErrorBoundary>
            </ScreenContext.Provider>
          </section>
        );
      })}
    </>
  );
}
