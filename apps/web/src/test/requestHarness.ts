import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { resetRequestGuards } from '../shared/api/http.ts';
import { removeTokens } from '../shared/auth/token.ts';
import { bindFeedback } from '../shared/ui/feedback.ts';
import { setTestAppConfig } from './appConfig.ts';

export interface RequestHarness {
  /** Stands in for the global fetch; its queued answers are dropped before each test. */
  fetchMock: Mock<typeof fetch>;
  /** The toasts the request client and the screens show. */
  toast: { error: Mock; success: Mock; warning: Mock };
}

/**
 * Registers the hooks a test file of a screen that calls the server needs, so that each test starts with no
 * answers queued, no toasts seen, no token kept and the test client settings. Call it at the top of the file;
 * hooks the file registers after it run after these.
 */
export function setUpRequests(): RequestHarness {
  const harness: RequestHarness = {
    fetchMock: vi.fn<typeof fetch>(),
    toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
  };

  beforeEach(() => {
    harness.fetchMock.mockReset();
    vi.stubGlobal('fetch', harness.fetchMock);
    bindFeedback(harness.toast);
    resetRequestGuards();
    setTestAppConfig();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    removeTokens();
  });

  return harness;
}
