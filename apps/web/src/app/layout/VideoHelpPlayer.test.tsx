import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { savedPosition, savePosition } from './useVideoHelpPlayer.ts';
import { VideoHelpPlayer } from './VideoHelpPlayer.tsx';

initI18n();

const VIDEO = {
  id: '7',
  title: '如何登录',
  frontPath: '',
  contentPath: '/v/7.wav',
  columnNo: 'M01' as const,
};
const proto = HTMLMediaElement.prototype;
let full: Element | null = null;

/** jsdom plays no media: a 30 s clip whose metadata is known, and a full screen the test switches. */
beforeEach(() => {
  localStorage.clear();
  full = null;
  Object.defineProperty(proto, 'duration', { configurable: true, get: () => 30 });
  Object.defineProperty(proto, 'readyState', { configurable: true, get: () => 1 });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => full });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  vi.spyOn(proto, 'play').mockResolvedValue(undefined);
  vi.spyOn(proto, 'pause').mockImplementation(() => undefined);
  Element.prototype.requestFullscreen = async function (this: Element) {
    full = this;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  document.exitFullscreen = async () => {
    full = null;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const key of ['duration', 'readyState'] as const) {
    Reflect.deleteProperty(proto, key);
  }
  Reflect.deleteProperty(document, 'fullscreenElement');
  Reflect.deleteProperty(document, 'fullscreenEnabled');
});

async function play(onDone = vi.fn()) {
  const view = render(<VideoHelpPlayer video={VIDEO} onDone={onDone} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  await act(async () => undefined);
  return { view, video, onDone };
}

const key = (name: string) => act(() => void fireEvent.keyDown(document.body, { key: name }));

describe('help video player', () => {
  it('goes full screen and resumes where the video was left', async () => {
    savePosition(VIDEO.id, 12);
    const { video, view } = await play();
    expect(full).toBe(video);
    expect(view.getByTestId('video-help-player').dataset.mode).toBe('full');
    expect(video.currentTime).toBe(12);
  });

  it('seeks 5 s with the arrow keys, within the clip, and keeps the position', async () => {
    savePosition(VIDEO.id, 12);
    const { video } = await play();
    await key('ArrowRight');
    expect(video.currentTime).toBe(17);
    expect(savedPosition(VIDEO.id)).toBe(17);
    await key('ArrowLeft');
    expect(video.currentTime).toBe(12);
    for (let i = 0; i < 3; i++) {
      await key('ArrowLeft');
    }
    expect(video.currentTime).toBe(0);
    for (let i = 0; i < 8; i++) {
      await key('ArrowRight');
    }
    expect(video.currentTime).toBe(30);
    await key('Enter');
    expect(video.currentTime).toBe(30);
  });

  it('leaving full screen saves the position and hands the player back', async () => {
    const { video, onDone } = await play();
    video.currentTime = 9;
    await act(async () => {
      await document.exitFullscreen();
    });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(savedPosition(VIDEO.id)).toBe(9);
  });

  it('Escape leaves full screen, which hides the player', async () => {
    const { video, onDone } = await play();
    video.currentTime = 4;
    await key('Escape');
    await act(async () => undefined);
    expect(full).toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(savedPosition(VIDEO.id)).toBe(4);
  });

  it('starts over after a video was watched to its end', async () => {
    const { video, view } = await play();
    video.currentTime = 30;
    Object.defineProperty(video, 'ended', { configurable: true, get: () => true });
    act(() => void video.dispatchEvent(new Event('ended')));
    view.unmount();
    expect(savedPosition(VIDEO.id)).toBe(0);
  });

  it('plays in the dialog when the browser refuses full screen', async () => {
    Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('Permissions check failed'));
    const { view, onDone } = await play();
    expect(view.getByTestId('video-help-player').dataset.mode).toBe('inline');
    expect(view.getByText('浏览器未允许全屏，视频在此播放')).toBeTruthy();
    fireEvent.click(view.getByText('关闭视频'));
    expect(onDone).toHaveBeenCalledTimes(1);
    await key('Escape');
    expect(onDone).toHaveBeenCalledTimes(2);
  });
});
