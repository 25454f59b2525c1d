import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconCell } from './MenuPage.tsx';

describe('the menu list', () => {
  it('draws each menu icon as the sidebar does, beside its name', () => {
    render(<div>{iconCell('user')}</div>);
    const cell = screen.getByTestId('menu-icon-cell');
    expect(cell.querySelector('[role="img"][aria-label="user"] svg')).not.toBeNull();
    expect(cell.textContent).toBe('user');
  });

  it('shows a dash for a menu without an icon', () => {
    render(<div>{iconCell('')}</div>);
    expect(screen.queryByTestId('menu-icon-cell')).toBeNull();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
