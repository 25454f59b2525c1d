/**
 * Bridge from non-React code (request client, token timer) to antd's message API. The App component binds the
 * context-aware instance on mount, so toasts follow the current theme; before that, texts go to the console.
 */
export interface FeedbackApi {
  error: (text: string) => void;
  success: (text: string) => void;
  warning: (text: string) => void;
}

let bound: FeedbackApi | null = null;

export function bindFeedback(api: FeedbackApi | null): void {
  bound = api;
}

export function toastError(text: string): void {
  if (bound) {
    bound.error(text);
  } else {
    console.error(text);
  }
}

export function toastSuccess(text: string): void {
  bound?.success(text);
}

export function toastWarning(text: string): void {
  if (bound) {
    bound.warning(text);
  } else {
    console.warn(text);
  }
}
