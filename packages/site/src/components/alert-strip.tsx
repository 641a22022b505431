import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import './alert-strip.css';

export const DEFAULT_ALERT_TEXT = '24 horas';

export interface AlertStripProps extends ComponentProps<'div'> {
  /** The strip's message; `24 horas` by default. */
  text?: string;
}

/** The strip above the top bar; extra content (e.g. the emergency number) goes in children. */
export function AlertStrip({
  text = DEFAULT_ALERT_TEXT,
  children,
  className,
  ...props
}: AlertStripProps) {
  return (
    <div data-slot="alert-strip" className={cn('alert-strip', className)} {...props}>
      <div className="alert-strip__inner">
        <span className="alert-strip__text">
          <span className="alert-strip__dot" aria-hidden="true" />
          {text}
        </span>
        {children}
      </div>
    </div>
  );
}
