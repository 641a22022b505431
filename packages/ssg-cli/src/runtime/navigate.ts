// navigate(): programmatic client navigation, a plain browser navigation before hydration.
type Navigator = (to: string, options?: { replace?: boolean }) => Promise<void>;

let current: Navigator | undefined;

export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

/** Moves to another page of the site on the client; before hydration, a plain browser navigation. */
export function navigate(to: string, options?: { replace?: boolean }): Promise<void> {
  if (current) return current(to, options);
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
  return Promise.resolve();
}
