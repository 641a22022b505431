import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface SectionProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** Id of the heading, for aria-labelledby. */
  headingId: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** `soft` tints the band with the brand's light colour. */
  tone?: 'plain' | 'soft' | 'brand';
  align?: 'start' | 'center';
}

/** A page band with an optional eyebrow, a heading and a lead paragraph. */
export function Section({
  headingId,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  align = 'center',
  className,
  children,
  ...props
}: SectionProps) {
  return (
    <section
      data-slot="section"
      data-tone={tone}
      className={cn('section', className)}
      aria-labelledby={headingId}
      {...props}
    >
      <div className="container">
        <header className="section__header" data-align={align}>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

export interface PageHeroProps extends Omit<ComponentProps<'header'>, 'title'> {
  eyebrow?: string;
  title: string;
  subtitle: string;
}

/** The heading band of an inner page (services, gallery, contact). */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  className,
  children,
  ...props
}: PageHeroProps) {
  return (
    <header data-slot="page-hero" className={cn('page-hero', className)} {...props}>
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        <p className="page-hero__subtitle">{subtitle}</p>
        {children}
      </div>
    </header>
  );
}
