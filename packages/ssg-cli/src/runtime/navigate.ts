// navigate(): programmatic client navigation, a plain browser navigation before hydration.
type NavigateFunction = (to: string, options?: { replace?: boolean }) => Promise<void>;

let current: NavigateFunction | undefined;

export function setNavigator(navigator: NavigateFunction): void {
  current = navigator;
}

/** Moves to another page of the site on the client; before hydration, a plain browser navigation. */
export function navigate(to: string, options?: { replace?: boolean }): Promise<void> {
  if (current) return current(to, options);
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
  return Promise.resolve();
}
