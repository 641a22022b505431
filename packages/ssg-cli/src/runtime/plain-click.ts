/** Whether a click on a link is ours to handle on the client (the `<Link>` and static parts' links). */

type Buttons = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;

/** Plain left clicks on a same-tab link are ours; new tabs and downloads stay the browser's. */
export function isPlainClick(event: Buttons, anchor: Element): boolean {
  const target = anchor.getAttribute('target');
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!target || target === '_self') &&
    !anchor.hasAttribute('download')
  );
}
