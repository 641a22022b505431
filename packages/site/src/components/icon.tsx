import type { ComponentProps, ReactNode } from 'react';

/** Line icons on a 24 × 24 grid, drawn with the current colour. */
const PATHS = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  phone: (
    <path d="M5 3.5h3.2l1.6 4.2-2.1 1.5a11 11 0 0 0 7.1 7.1l1.5-2.1 4.2 1.6V19a2 2 0 0 1-2.2 2A17 17 0 0 1 3 5.7a2 2 0 0 1 2-2.2z" />
  ),
  whatsapp: (
    <>
      <path d="M4 20l1.3-3.9A8.5 8.5 0 1 1 8.3 19z" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2.2-1-1 .9a5 5 0 0 1-2.6-2.6l.9-1-1-2.2z" />
    </>
  ),
  'map-pin': (
    <>
      <path d="M12 21s-7-6.3-7-11.5a7 7 0 0 1 14 0C19 14.7 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r=".6" />
    </>
  ),
  facebook: (
    <path d="M14 8.5V7a1.5 1.5 0 0 1 1.5-1.5H17V2.5h-2.5A4.5 4.5 0 0 0 10 7v1.5H7.5v3H10v10h4v-10h2.5l.5-3z" />
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M8 10.5V16M8 7.5v.5M11.5 16v-5.5M11.5 13a2.5 2.5 0 0 1 5 0v3" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  'arrow-right': <path d="M4 12h15M13 6l6 6-6 6" />,
  external: (
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  ),
  play: <path d="M8 5.5v13l10.5-6.5z" />,
  siren: (
    <>
      <path d="M6 18v-6a6 6 0 0 1 12 0v6M4 18h16v3H4zM12 2v2M4.2 5.2l1.4 1.4M19.8 5.2l-1.4 1.4" />
      <path d="M10 12a2 2 0 0 1 2-2" />
    </>
  ),
  shield: <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5" />,
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z" />
    </>
  ),
  stethoscope: (
    <>
      <path d="M5 3v5a4.5 4.5 0 0 0 9 0V3" />
      <path d="M9.5 12.5v2a5 5 0 0 0 10 0V13" />
      <circle cx="19.5" cy="10.5" r="2.3" />
    </>
  ),
  syringe: (
    <path d="M18 2.5l3.5 3.5M19.8 4.2l-3.5 3.5M16.3 4.7l3 3M14.5 6.5l3 3-9 9H5.5v-3zM10.5 10.5l1.5 1.5M8 13l1.5 1.5M5.5 18.5l-3 3" />
  ),
  'heart-pulse': (
    <path d="M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20zM3.5 12.5h4l1.5-3 3 6 1.5-3h7" />
  ),
  scalpel: (
    <path d="M20.5 3.5L9 15l-2.5-2.5zM9 15l-5.5 5.5c2.5.5 5-.2 7-2.3L12 16.5M13 11l2.5 2.5" />
  ),
  microscope: (
    <path d="M9 3.5l4 2-3.5 7-4-2zM11 7.5l3.5 1.8M7.5 12.5L6 15.5M4 21h16M14 21a6 6 0 0 0 3.5-10.5M9 18h5" />
  ),
  tooth: (
    <path d="M7.5 3.5c-2.5 0-4 2-4 4.5 0 3 1.7 4.5 2 7l1 5c.3 1.3 2 1.3 2.3 0l1-4c.4-1.4 2-1.4 2.4 0l1 4c.3 1.3 2 1.3 2.3 0l1-5c.3-2.5 2-4 2-7 0-2.5-1.5-4.5-4-4.5-1.8 0-2.8 1-4.5 1s-2.7-1-4.5-1z" />
  ),
  scissors: (
    <>
      <circle cx="6" cy="6.5" r="2.8" />
      <circle cx="6" cy="17.5" r="2.8" />
      <path d="M8.3 8l12 9M8.3 16l12-9" />
    </>
  ),
  paw: (
    <>
      <path d="M12 12.5c-3 0-5.5 3.3-5.5 5.5 0 1.6 1.3 2.5 2.8 2.5 1 0 1.7-.6 2.7-.6s1.7.6 2.7.6c1.5 0 2.8-.9 2.8-2.5 0-2.2-2.5-5.5-5.5-5.5z" />
      <ellipse cx="5" cy="10.5" rx="1.8" ry="2.3" />
      <ellipse cx="9" cy="6" rx="1.8" ry="2.4" />
      <ellipse cx="15" cy="6" rx="1.8" ry="2.4" />
      <ellipse cx="19" cy="10.5" rx="1.8" ry="2.3" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;
export const ICON_DEFAULT_SIZE = 48;
export const ICON_DEFAULT_COLOR = '#c3c3c3';

export interface IconProps extends Omit<ComponentProps<'svg'>, 'name'> {
  name: IconName;
  /** Width and height in px; 48 by default. */
  size?: number | string;
  /** Stroke colour; `#c3c3c3` by default. Pass `currentColor` to follow the text. */
  color?: string;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
}

export function Icon({
  name,
  size = ICON_DEFAULT_SIZE,
  color = ICON_DEFAULT_COLOR,
  label,
  ...props
}: IconProps) {
  const known = (name in PATHS ? name : 'paw') as IconName;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label when labelled, aria-hidden otherwise
    <svg
      data-slot="icon"
      data-icon={known}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke={color}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...props}
    >
      {PATHS[known]}
    </svg>
  );
}
