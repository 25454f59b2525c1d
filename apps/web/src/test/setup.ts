import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The low-code screens' texts, which the app loads with their chunk.
import '../shared/i18n/lowcodeTexts.ts';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
