/**
 * Page-wide signal that a newer build has been installed by an updated service worker; the
 * loader then turns the next client navigation into a full page load.
 */
let installed = false;

export const markUpdateInstalled = (): void => {
  installed = true;
};

export const updateInstalled = (): boolean => installed;
