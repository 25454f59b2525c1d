import type { CaptchaMode, ImageCaptcha, SlideCaptcha } from '@yuan/contract';
import { useCallback, useEffect, useState } from 'react';
import { fetchImageCaptcha, fetchSlideCaptcha } from '../../../shared/api/auth.ts';

export interface CaptchaState {
  slide: SlideCaptcha | null;
  image: ImageCaptcha | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/** Loads the captcha of the configured mode; `reload` fetches a fresh one (each key is single use). */
export function useCaptcha(mode: CaptchaMode): CaptchaState {
  const [slide, setSlide] = useState<SlideCaptcha | null>(null);
  const [image, setImage] = useState<ImageCaptcha | null>(null);
  const [loading, setLoading] = useState(mode !== 'off');
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the reload trigger.
  useEffect(() => {
    if (mode === 'off') {
      return undefined;
    }
    let alive = true;
    setLoading(true);
    setFailed(false);
    const load =
      mode === 'slide' ? fetchSlideCaptcha().then(setSlideIf) : fetchImageCaptcha().then(setImageIf);
    function setSlideIf(data: SlideCaptcha) {
      if (alive) {
        setSlide(data);
      }
    }
    function setImageIf(data: ImageCaptcha) {
      if (alive) {
        setImage(data);
      }
    }
    load
      .catch(() => {
        if (alive) {
          setFailed(true);
        }
      })
      .finally(() => {
        if (alive) {
          setLoading(false);
        }
      });
    return () => {
      alive = false;
    };
  }, [mode, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { slide, image, loading, failed, reload };
}
