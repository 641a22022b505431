import type { ComponentProps, CSSProperties } from 'react';
import { BADGE, type BadgeKind, DEFAULT_BADGE_LABEL } from '../lib/brand.ts';
import { cn } from '../lib/cn.ts';

export interface BadgeProps extends ComponentProps<'span'> {
  type: BadgeKind;
  /** Text before the type's name; `Parceiro` by default. */
  label?: string;
}

/** The brand badge: label plus Vet, Med, D, Psico or Odonto in the type's colour. */
export function Badge({
  type,
  label = DEFAULT_BADGE_LABEL,
  className,
  style,
  ...props
}: BadgeProps) {
  const kind = BADGE[type];
  return (
    <span
      data-slot="badge"
      data-type={type}
      className={cn('badge', className)}
      style={{ '--badge-color': kind.color, ...style } as CSSProperties}
      {...props}
    >
      <span className="badge__label">{label}</span>
      <span className="badge__type">{kind.name}</span>
    </span>
  );
}
