import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Stands for every other route: it shows where the screen went, as the test id `where`. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

/** As in the app: button texts stay as written (antd would put a space between two Chinese characters). */
export function renderInApp(ui: ReactElement) {
  return render(<ConfigProvider button={{ autoInsertSpace: false }}>{ui}</ConfigProvider>);
}

/** Renders `screen` as the route `path`, opened at `path` + `search`; leaving it shows `Where`. */
export function renderRoute(path: string, screen: ReactElement, search = '') {
  return renderInApp(
    <MemoryRouter initialEntries={[`${path}${search}`]}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Renders a screen as the app does: a query client of its own that retries nothing, antd's App, a router. */
export function renderScreen(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInApp(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>{ui}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}
