import type { SlideCaptcha } from '@yuan/contract';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  captcha: SlideCaptcha;
  /** Called with the horizontal offset in the image's own pixels when the user lets go. */
  onSolved: (offset: number) => void;
  solved: boolean;
}

/** Converts a displayed position to the image's pixel coordinates (the server checks those). */
export function toImageOffset(displayX: number, displayWidth: number, imageWidth: number): number {
  if (displayWidth <= 0) {
    return Math.round(displayX);
  }
  return Math.round((displayX * imageWidth) / displayWidth);
}

/** Slide puzzle: drag the handle (or use the arrow keys) until the piece fills the hole. */
export function SlideCaptchaField({ captcha, onSolved, solved }: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [displayWidth, setDisplayWidth] = useState(captcha.width);
  const [x, setX] = useState(0);
  const drag = useRef<{ startX: number; startLeft: number } | null>(null);

  useEffect(() => {
    setX(0);
    const element = frame.current;
    if (!element) {
      return undefined;
    }
    const measure = () => setDisplayWidth(element.clientWidth || captcha.width);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [captcha]);

  const scale = displayWidth / captcha.width;
  const pieceWidth = captcha.pieceSize * scale;
  const maxX = Math.max(0, displayWidth - pieceWidth);
  const clamp = (value: number) => Math.min(maxX, Math.max(0, value));
  const commit = (value: number) => onSolved(toImageOffset(value, displayWidth, captcha.width));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startLeft: x };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) {
      setX(clamp(drag.current.startLeft + event.clientX - drag.current.startX));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) {
      return;
    }
    const value = clamp(drag.current.startLeft + event.clientX - drag.current.startX);
    drag.current = null;
    setX(value);
    commit(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 10 : 1) * scale;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const value = clamp(x + (event.key === 'ArrowRight' ? step : -step));
      setX(value);
      commit(value);
    }
  };

  return (
    <div className="slide-captcha">
      <div className="slide-captcha__frame" ref={frame} style={{ maxWidth: captcha.width }}>
        <img src={captcha.background} alt="" className="slide-captcha__bg" draggable={false} />
        <img
          src={captcha.piece}
          alt=""
          className="slide-captcha__piece"
          draggable={false}
          style={{ left: x, top: captcha.y * scale, width: pieceWidth }}
        />
      </div>
      <div
        className={`slide-captcha__track${solved ? ' is-solved' : ''}`}
        style={{ maxWidth: captcha.width }}
      >
        <span className="slide-captcha__hint">{solved ? t('login.slideDone') : t('login.slideHint')}</span>
        <div
          className="slide-captcha__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('login.slideHandle')}
          aria-valuemin={0}
          aria-valuemax={Math.round(maxX / (scale || 1))}
          aria-valuenow={toImageOffset(x, displayWidth, captcha.width)}
          style={{ left: x, width: pieceWidth }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          ⇢
        </div>
      </div>
    </div>
  );
}
