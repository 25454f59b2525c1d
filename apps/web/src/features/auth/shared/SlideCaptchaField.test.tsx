import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { SlideCaptchaField, toImageOffset } from './SlideCaptchaField.tsx';

initI18n();

const captcha = {
  key: 'k',
  background: 'data:,',
  piece: 'data:,',
  width: 310,
  height: 155,
  pieceSize: 50,
  y: 20,
};

describe('slide captcha', () => {
  it('converts displayed pixels to image pixels', () => {
    expect(toImageOffset(100, 310, 310)).toBe(100);
    expect(toImageOffset(100, 155, 310)).toBe(200);
    expect(toImageOffset(33.4, 310, 310)).toBe(33);
  });

  it('reports the offset when moved with the keyboard', () => {
    const onSolved = vi.fn();
    render(<SlideCaptchaField captcha={captcha} solved={false} onSolved={onSolved} />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(onSolved).toHaveBeenLastCalledWith(11);
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(onSolved).toHaveBeenLastCalledWith(10);
  });

  it('reports the offset when dragged', () => {
    const onSolved = vi.fn();
    render(<SlideCaptchaField captcha={captcha} solved={false} onSolved={onSolved} />);
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 60, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 130, pointerId: 1 });
    expect(onSolved).toHaveBeenCalledWith(120);
  });
});
