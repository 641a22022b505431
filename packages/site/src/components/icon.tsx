import type { ComponentProps } from 'react';

/**
 * Line icons on a 24 × 24 grid, drawn with the current colour. The drawings live in one SVG
 * sprite (content/images/icons.svg, served at /images/icons.svg), not in the JavaScript: an icon is
 * an `<svg>` that `<use>`s its symbol, so the page's JS carries only the names.
 */
export type IconName =
  | 'menu'
  | 'close'
  | 'phone'
  | 'whatsapp'
  | 'map-pin'
  | 'clock'
  | 'calendar'
  | 'instagram'
  | 'facebook'
  | 'linkedin'
  | 'check'
  | 'arrow-right'
  | 'external'
  | 'play'
  | 'siren'
  | 'shield'
  | 'star'
  | 'globe'
  | 'stethoscope'
  | 'syringe'
  | 'heart-pulse'
  | 'scalpel'
  | 'microscope'
  | 'tooth'
  | 'scissors'
  | 'paw';

export const ICON_SPRITE = '/images/icons.svg';
export const ICON_DEFAULT_SIZE = 48;
export const ICON_DEFAULT_COLOR = '#c3c3c3';

export interface IconProps extends Omit<ComponentProps<'svg'>, 'name'> {
  name: IconName;
  /** Width and height in px; 48 by default. */
  size?: number | string;
  /** Stroke colour; `#c3c3c3` by default (the spec's default). `TextIcon` follows the text instead. */
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
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label when labelled, aria-hidden otherwise
    <svg
      data-slot="icon"
      data-icon={name}
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
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}

/**
 * The site's usual icon: drawn in the colour of the text around it (`currentColor`), so a button or
 * link colours its icon. `Icon` itself keeps the product's default colour, #c3c3c3 (spec §9).
 */
export function TextIcon(props: Omit<IconProps, 'color'>) {
  return <Icon {...props} color="currentColor" />;
}
