import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, vi } from 'vitest';

// Every domain's texts, which the app loads with the domain's chunk: a test renders a screen without its route.
import.meta.glob('../features/*/i18n/index.ts', { eager: true });

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy*/waitFor give up after 1 s by default; antd's first render of a dialog or a lazy chunk can take longer
// than that on two busy cores, so a wait only fails when something is really missing.
configure({ asyncUtilTimeout: 10_000 });

// Files share a worker and its document (isolate off), so a test leaves no storage and no cookie (the tokens live
// in cookies) for the next one, in its file or the next.
afterEach(() => {
  cleanup();
  // antd's styles, which its components add to the shared document as they first render: jsdom matches every rule
  // in every getComputedStyle (each role query calls it for the element and its ancestors), so rules kept from the
  // files before made each query slower (a sub-form test: 3.6 s on its own, 6.9 s after five tests). With nothing
  // mounted antd has forgotten them too, and adds again what the next test renders.
  for (const style of document.head.querySelectorAll('style[data-css-hash]')) {
    style.remove();
  }
  localStorage.clear();
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) {
    Cookies.remove(name, { path: '/' });
  }
});

// Nor the globals a file changed: fake timers left on would freeze the next file's timers.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
