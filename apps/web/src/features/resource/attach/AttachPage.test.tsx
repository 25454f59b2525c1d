import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkCell } from './AttachPage.tsx';

describe("an attachment's link cell", () => {
  it('links an address of this origin or http(s)', () => {
    render(<LinkCell value="/oss/000000/a.txt" />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/oss/000000/a.txt');
  });

  it('shows any other stored link as text, never as a link', () => {
    render(<LinkCell value="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });
});
