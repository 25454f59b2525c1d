import { VIDEO_SEEK_S } from '@yuan/contract/constants';
import { useEffect, useRef, useState } from 'react';
import type { HelpVideo } from '../../shared/api/help.ts';

const POSITION_KEY = 'yuan-video-position';
/** HTMLMediaElement.HAVE_METADATA: duration and size are known, a position can be set. */
const HAVE_METADATA = 1;

/** Where each video was left, by video id, in seconds. */
function positions(): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(POSITION_KEY) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function savedPosition(id: string): number {
  const at = positions()[id];
  return typeof at === 'number' && Number.isFinite(at) && at > 0 ? at : 0;
}

export function savePosition(id: string, seconds: number): void {
  localStorage.setItem(POSITION_KEY, JSON.stringify({ ...positions(), [id]: Math.max(0, seconds) }));
}

/**
 * entering: full screen asked for; full: the video fills the screen; inline: the browser refused full screen (no
 * user gesture, a policy), so the video plays in the dialog and closes with its button.
 */
export type PlayerMode = 'entering' | 'full' | 'inline';

/**
 * The help video player's behaviour (SPEC §2 video help): full screen at once, resumes where this video was left,
 * ArrowLeft/ArrowRight seek VIDEO_SEEK_S seconds, leaving full screen (Escape, the browser's own control) saves the
 * position and calls `onDone` (the dialog then hides the player). A video watched to its end starts over next time.
 */
export function useVideoHelpPlayer(video: HelpVideo, onDone: () => void) {
  const ref = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<PlayerMode>('entering');
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const player = ref.current;
    if (!player) {
      return undefined;
    }
    const { id } = video;
    // Until the saved position is applied, the element's 0 is not where the viewer is.
    let resumed = false;
    let wasFull = false;
    const save = () => {
      if (resumed && !player.ended) {
        savePosition(id, player.currentTime);
      }
    };
    const resume = () => {
      if (resumed) {
        return;
      }
      resumed = true;
      const at = savedPosition(id);
      const end = Number.isFinite(player.duration) ? player.duration : Number.POSITIVE_INFINITY;
      if (at > 0 && at < end - 0.5) {
        player.currentTime = at;
      }
    };
    const onEnded = () => savePosition(id, 0);
    const onFullscreen = () => {
      if (document.fullscreenElement === player) {
        wasFull = true;
        setMode('full');
      } else if (wasFull && !document.fullscreenElement) {
        save();
        player.pause();
        done.current();
      }
    };
    // Escape leaves the player: full screen where the browser did not already leave it, the inline player otherwise.
    const onEscape = () => {
      if (document.fullscreenElement === player) {
        document.exitFullscreen().catch(() => undefined);
      } else if (!wasFull) {
        save();
        done.current();
      }
    };
    // Capture phase: the seek happens once, before the native controls or the dialog could act on the key.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onEscape();
        return;
      }
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      const step = event.key === 'ArrowRight' ? VIDEO_SEEK_S : -VIDEO_SEEK_S;
      const end = Number.isFinite(player.duration) ? player.duration : Number.POSITIVE_INFINITY;
      player.currentTime = Math.min(end, Math.max(0, player.currentTime + step));
      save();
    };
    player.addEventListener('loadedmetadata', resume);
    player.addEventListener('timeupdate', save);
    player.addEventListener('pause', save);
    player.addEventListener('ended', onEnded);
    document.addEventListener('fullscreenchange', onFullscreen);
    window.addEventListener('keydown', onKey, true);
    if (player.readyState >= HAVE_METADATA) {
      resume();
    }
    // Either call may throw or answer nothing where media is not implemented (tests): both end up refused.
    if (typeof player.requestFullscreen === 'function' && document.fullscreenEnabled !== false) {
      Promise.resolve()
        .then(() => player.requestFullscreen())
        .catch(() => setMode('inline'));
    } else {
      setMode('inline');
    }
    Promise.resolve()
      .then(() => player.play())
      .catch(() => undefined);
    return () => {
      save();
      player.removeEventListener('loadedmetadata', resume);
      player.removeEventListener('timeupdate', save);
      player.removeEventListener('pause', save);
      player.removeEventListener('ended', onEnded);
      document.removeEventListener('fullscreenchange', onFullscreen);
      window.removeEventListener('keydown', onKey, true);
      if (document.fullscreenElement === player) {
        document.exitFullscreen().catch(() => undefined);
      }
    };
  }, [video]);

  return { ref, mode };
}
