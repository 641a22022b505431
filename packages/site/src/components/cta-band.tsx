import { Image } from '@ssg/cli/image';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import type { ImageData } from '../lib/page-data.ts';
import { formatLandline, telHref } from '../lib/phone.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './cta-band.css';

export interface CtaBandProps extends Omit<ComponentProps<'section'>, 'title'> {
  title: string;
  subtitle: string;
  image?: ImageData;
}

/** The call to action: a brand-coloured band with a title, subtitle and actions. */
export function CtaBand({ title, subtitle, image, className, children, ...props }: CtaBandProps) {
  return (
    <section
      data-slot="cta-band"
      className={cn('cta-band', className)}
      aria-labelledby="cta-title"
      {...props}
    >
      <div className="container cta-band__inner">
        <div className="cta-band__copy">
          <h2 id="cta-title" className="cta-band__title">
            {title}
          </h2>
          <p className="cta-band__subtitle">{subtitle}</p>
          <div className="cta-band__actions">{children}</div>
        </div>
        {image ? <Image image={image} alt={image.alt} className="cta-band__image" /> : null}
      </div>
    </section>
  );
}

/** The band's phone action: calls the landline, shown as `(11) 3265-4321`. */
export function CtaCallButton({ phone }: { phone: string }) {
  return (
    <SiteLink to={telHref(phone)} className="button" data-variant="ghost-light" data-size="lg">
      <TextIcon name="phone" size={20} />
      {formatLandline(phone)}
    </SiteLink>
  );
}
