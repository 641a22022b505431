import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import type { UnitView } from '../lib/page-data.ts';
import { formatLandline, formatWhatsapp, telHref } from '../lib/phone.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './unit-card.css';

export interface UnitCardProps extends ComponentProps<'article'> {
  unit: UnitView;
}

/** A unit with its maps search link, WhatsApp chat link (prefilled message), phone and site. */
export function UnitCard({ unit, className, ...props }: UnitCardProps) {
  return (
    <article data-slot="unit-card" className={cn('card', 'unit-card', className)} {...props}>
      <h3 className="unit-card__name">{unit.name}</h3>
      <p className="unit-card__address">
        <TextIcon name="map-pin" size={18} />
        <span>{unit.address}</span>
      </p>
      <div className="unit-card__actions">
        <SiteLink to={unit.mapsHref} className="button" data-variant="outline" data-size="sm">
          <TextIcon name="map-pin" size={16} />
          Ver no mapa
        </SiteLink>
        <SiteLink
          to={unit.whatsHref}
          className="button"
          data-variant="whatsapp"
          data-size="sm"
          aria-label={`WhatsApp ${formatWhatsapp(unit.whats)} (${unit.name})`}
        >
          <TextIcon name="whatsapp" size={16} />
          {formatWhatsapp(unit.whats)}
        </SiteLink>
        {unit.tel ? (
          <SiteLink
            to={telHref(unit.tel)}
            className="button"
            data-variant="ghost"
            data-size="sm"
            aria-label={`Telefone ${formatLandline(unit.tel)} (${unit.name})`}
          >
            <TextIcon name="phone" size={16} />
            {formatLandline(unit.tel)}
          </SiteLink>
        ) : null}
        {unit.site ? (
          <SiteLink
            to={unit.site}
            className="button"
            data-variant="ghost"
            data-size="sm"
            aria-label={`Site da ${unit.name}`}
          >
            <TextIcon name="globe" size={16} />
            Site da unidade
          </SiteLink>
        ) : null}
      </div>
    </article>
  );
}
