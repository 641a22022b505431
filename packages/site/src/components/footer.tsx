import { Image } from '@ssg/cli/image';
import type { ComponentProps } from 'react';
import type { BadgeKind } from '../lib/brand.ts';
import { cn } from '../lib/cn.ts';
import type { ImageData, SocialLinks, UnitView } from '../lib/page-data.ts';
import { formatLandline, formatWhatsapp, telHref } from '../lib/phone.ts';
import { Badge } from './badge.tsx';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import { SocialList } from './social-list.tsx';
import './footer.css';

export const FOOTER_HEADING = 'Contate-nos';

export interface FooterProps extends ComponentProps<'footer'> {
  companyName: string;
  slogan: string;
  /** The slogan is shown unless this is false. */
  showSlogan?: boolean;
  logo: ImageData;
  units: UnitView[];
  phones: { agendamento: string; plantao: string };
  horarios: Array<{ dias: string; horas: string }>;
  social: SocialLinks;
  badge: { type: BadgeKind; label?: string };
  /** Year of the copyright line; the current year by default. */
  year?: number;
}

export function Footer({
  companyName,
  slogan,
  showSlogan = true,
  logo,
  units,
  phones,
  horarios,
  social,
  badge,
  year = new Date().getFullYear(),
  className,
  ...props
}: FooterProps) {
  return (
    <footer id="contato" data-slot="footer" className={cn('footer', className)} {...props}>
      <div className="footer__inner">
        <div className="footer__about">
          <div className="footer__brand">
            <Image image={logo} alt={logo.alt} />
            <span className="footer__name">{companyName}</span>
          </div>
          {showSlogan ? (
            <p data-slot="footer-slogan" className="footer__slogan">
              {slogan}
            </p>
          ) : null}
          <Badge type={badge.type} {...(badge.label ? { label: badge.label } : {})} />
          <SocialList social={social} className="footer__social" />
        </div>

        <section className="footer__contact" aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading" className="footer__heading">
            {FOOTER_HEADING}
          </h2>
          <ul className="footer__phones">
            <li>
              <span className="footer__small">Agendamento</span>
              <SiteLink to={telHref(phones.agendamento)}>
                {formatLandline(phones.agendamento)}
              </SiteLink>
            </li>
            <li>
              <span className="footer__small">Plantão 24 horas</span>
              <SiteLink to={telHref(phones.plantao)}>{formatLandline(phones.plantao)}</SiteLink>
            </li>
            <li>
              <span className="footer__small">WhatsApp</span>
              <SiteLink to={social.whatsapp.href}>
                {formatWhatsapp(social.whatsapp.number)}
              </SiteLink>
            </li>
          </ul>
          <dl className="footer__hours">
            {horarios.map((h) => (
              <div key={h.dias}>
                <dt>{h.dias}</dt>
                <dd>{h.horas}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="footer__units" aria-labelledby="footer-units-heading">
          <h2 id="footer-units-heading" className="footer__heading">
            Nossas unidades
          </h2>
          <ul className="footer__unit-list">
            {units.map((u) => (
              <li key={u.name} data-slot="footer-unit" className="footer__unit">
                <strong>{u.name}</strong>
                <SiteLink to={u.mapsHref} className="footer__unit-address">
                  <TextIcon name="map-pin" size={16} />
                  <span>{u.address}</span>
                </SiteLink>
                <span className="footer__unit-links">
                  <SiteLink
                    to={u.whatsHref}
                    aria-label={`WhatsApp da ${u.name}: ${formatWhatsapp(u.whats)}`}
                  >
                    <TextIcon name="whatsapp" size={16} />
                    {formatWhatsapp(u.whats)}
                  </SiteLink>
                  {u.tel ? (
                    <SiteLink
                      to={telHref(u.tel)}
                      aria-label={`Telefone da ${u.name}: ${formatLandline(u.tel)}`}
                    >
                      <TextIcon name="phone" size={16} />
                      {formatLandline(u.tel)}
                    </SiteLink>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer__bottom">
        <p data-slot="copyright">{`Copyright ${year} ${companyName}. Todos os direitos reservados`}</p>
      </div>
    </footer>
  );
}
