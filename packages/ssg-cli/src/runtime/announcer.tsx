/** Visually hidden, read by screen readers: the route announcer of every page. */
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function RouteAnnouncer({ message }: { message: string }) {
  return (
    <div
      id="ssg-announcer"
      className="ssg-announcer"
      aria-live="assertive"
      aria-atomic="true"
      style={hidden}
    >
      {message}
    </div>
  );
}

/** Shown while a navigation has been pending for more than the delayed-route threshold. */
export function RouteProgress({ label }: { label: string }) {
  return <div className="ssg-progress" role="progressbar" aria-label={label} aria-busy="true" />;
}
