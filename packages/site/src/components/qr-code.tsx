import type { ComponentProps } from 'react';

export interface QrCodeProps extends Omit<ComponentProps<'svg'>, 'path'> {
  /** Modules per side, quiet zone included (from the build-time encoder). */
  size: number;
  /** Dark modules as one SVG path in module units. */
  path: string;
  /** What the code opens, said to assistive technology. */
  label: string;
  /** Rendered width and height in px. */
  pixels?: number;
}

/** A QR code drawn at build time; the browser only paints the SVG. */
export function QrCode({ size, path, label, pixels = 168, ...props }: QrCodeProps) {
  return (
    <svg
      data-slot="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      width={pixels}
      height={pixels}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      {...props}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#111827" />
    </svg>
  );
}
