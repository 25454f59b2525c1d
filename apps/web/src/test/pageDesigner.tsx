import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { App } from 'antd';
import { PageDesignPage } from '../features/lowcode/pageDesign/PageDesignPage.tsx';
import { renderRoute } from './renderScreen.tsx';

/** The form designer at /page/edit/:id with its own query client; resolves once its palette is drawn. */
export function renderPageDesigner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoute(
    '/page/edit/:id',
    <QueryClientProvider client={client}>
      <App>
        <PageDesignPage />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByTestId('palette-input');
}
