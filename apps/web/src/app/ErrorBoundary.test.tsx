import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../shared/i18n/index.ts';
import { useErrorLog } from '../stores/errorLog.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

initI18n();

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('logs render errors to the local error log and shows a fallback', () => {
    useErrorLog.getState().clear();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('alert').textContent).toContain('页面出错了');
    const [entry] = useErrorLog.getState().logs;
    expect(entry).toMatchObject({ type: 'render', message: 'render failed' });
    expect(entry.info).toContain('Broken');
    expect(entry.time).not.toBe('');
  });
});
