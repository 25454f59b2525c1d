/**
 * Navigation for code outside React components (request client, token timer). The router registers its
 * navigate function on mount; before that a full page load is the only option.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function bindNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) {
    navigator(to, options);
  } else if (window.location.pathname !== to) {
    window.location.assign(to);
  }
}
