import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import type { ServiceView } from '../lib/page-data.ts';
import { type IconName, TextIcon } from './icon.tsx';
import './service-card.css';

export interface ServiceCardProps extends ComponentProps<'article'> {
  service: ServiceView;
}

export function ServiceCard({ service, className, ...props }: ServiceCardProps) {
  return (
    <article
      data-slot="service-card"
      id={service.slug}
      className={cn('card', 'service-card', className)}
      {...props}
    >
      <span className="service-card__icon">
        <TextIcon name={service.icon as IconName} size={28} />
      </span>
      <h3 className="service-card__title">{service.title}</h3>
      <p className="service-card__text">{service.description}</p>
    </article>
  );
}

export function ServiceGrid({
  services,
  className,
  ...props
}: ComponentProps<'div'> & { services: ServiceView[] }) {
  return (
    <div
      data-slot="service-grid"
      className={cn('grid', 'grid--services', className)}
      data-columns={services.length % 4 === 0 ? 4 : 3}
      {...props}
    >
      {services.map((s) => (
        <ServiceCard key={s.slug} service={s} />
      ))}
    </div>
  );
}
