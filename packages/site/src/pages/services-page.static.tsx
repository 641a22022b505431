import type { PageProps } from '@ssg/cli/site';
import { CtaBand, CtaCallButton } from '../components/cta-band.tsx';
import { TextIcon } from '../components/icon.tsx';
import { PageHero } from '../components/section.tsx';
import { ServiceGrid } from '../components/service-card.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { ServicesData } from '../lib/page-data.ts';

export default function ServicesPage({ data }: PageProps<ServicesData>) {
  const { descriptionService } = data;
  return (
    <>
      <PageHero eyebrow="Serviços" title={data.page.title} subtitle={data.page.subtitle} />
      <section className="section" aria-labelledby="lista-servicos">
        <div className="container">
          <h2 id="lista-servicos" className="visually-hidden">
            Lista de serviços
          </h2>
          <p className="section__lead section__lead--start">{descriptionService}</p>
          <ServiceGrid services={data.services} />
        </div>
      </section>
      <CtaBand title={data.cta.title} subtitle={data.cta.subtitle} image={data.ctaImage}>
        <SiteLink to={data.whatsHref} className="button" data-variant="light" data-size="lg">
          <TextIcon name="whatsapp" size={20} />
          Agendar pelo WhatsApp
        </SiteLink>
        <CtaCallButton phone={data.phone} />
      </CtaBand>
    </>
  );
}
