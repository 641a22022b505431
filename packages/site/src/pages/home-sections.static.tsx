// The home page's static parts: rendered at build time, never hydrated, no code in the browser.
import { Image } from '@ssg/cli/image';
import { CtaBand, CtaCallButton } from '../components/cta-band.tsx';
import { TextIcon } from '../components/icon.tsx';
import { LogoWall } from '../components/logo-wall.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { Section } from '../components/section.tsx';
import { ServiceGrid } from '../components/service-card.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { TeamList } from '../components/team-list.tsx';
import { GALLERY_SIZES, HERO_SIZES } from '../lib/image-sizes.ts';
import type { HomeData } from '../lib/page-data.ts';
import './hero.css';
import './home-page.css';
import './photos.css';

interface PartProps {
  data: HomeData;
}

/** The hero: the clinic's name, its promise, the two calls to action and the facts. */
export function HomeHero({ data }: PartProps) {
  const { company, images } = data;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">{data.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {company.companyName}
          </h1>
          <p className="hero__subtitle">{company.subtitle}</p>
          <div className="hero__actions">
            <SiteLink to={data.whatsHref} className="button" data-variant="primary" data-size="lg">
              <TextIcon name="whatsapp" size={20} />
              Agendar pelo WhatsApp
            </SiteLink>
            <SiteLink to="/servicos/" className="button" data-variant="outline" data-size="lg">
              Conheça os serviços
              <TextIcon name="arrow-right" size={20} />
            </SiteLink>
          </div>
          <ul className="hero__facts">
            {data.facts.map((f) => (
              <li key={f.value}>
                <strong>{f.value}</strong>
                <span>{f.label}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <Image image={images.hero} alt={images.hero.alt} sizes={HERO_SIZES} priority />
        </div>
      </div>
    </section>
  );
}

/** Everything below the countdown: about, services, plans, team, gallery, partners, call to action. */
export function HomeSections({ data }: PartProps) {
  const { texts, images, curriculum } = data;
  return (
    <>
      <Section
        headingId="sobre"
        eyebrow="Quem somos"
        title={texts.h2}
        align="start"
        className="about"
      >
        <div className="about__grid">
          <div className="about__text">
            <p>{texts.about1}</p>
            <p>{texts.about2}</p>
            <ul className="checklist">
              <li>
                <TextIcon name="check" size={20} />
                Orçamento antes de qualquer procedimento
              </li>
              <li>
                <TextIcon name="check" size={20} />
                Espaço separado para gatos
              </li>
              <li>
                <TextIcon name="check" size={20} />
                Acompanhamento pelo WhatsApp
              </li>
            </ul>
          </div>
          <Image image={images.about} alt={images.about.alt} className="about__image" />
        </div>
        <article className="card curriculum" aria-labelledby="curriculo">
          <Image
            image={curriculum.photo}
            alt={curriculum.photo.alt}
            className="curriculum__photo"
          />
          <div>
            <p className="eyebrow">Responsável técnica</p>
            <h3 id="curriculo" className="curriculum__name">
              {curriculum.name}
            </h3>
            <p className="curriculum__title">
              {curriculum.title} · {curriculum.registry}
            </p>
            <p>{curriculum.summary}</p>
            <div className="curriculum__lists">
              <div>
                <h4>Formação</h4>
                <ul>
                  {curriculum.education.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h4>Experiência</h4>
                <ul>
                  {curriculum.experience.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </article>
      </Section>

      <Section
        headingId="servicos"
        eyebrow="Serviços"
        title="Tudo o que o seu pet precisa"
        lead={texts.descriptionService}
        tone="soft"
      >
        <ServiceGrid services={data.services} />
        <p className="section__more">
          <SiteLink to="/servicos/" className="button" data-variant="primary">
            Ver todos os serviços
            <TextIcon name="arrow-right" size={18} />
          </SiteLink>
        </p>
      </Section>

      <Section
        headingId="planos"
        eyebrow="Planos de saúde"
        title={data.plans.title}
        lead={data.plans.subtitle}
      >
        <PlanList
          plans={data.plans.plans}
          benefits={data.plans.benefits}
          ctaHref={data.whatsHref}
        />
      </Section>

      <Section
        headingId="equipe"
        eyebrow="Equipe"
        title="Quem cuida do seu pet"
        lead="Veterinários especialistas, registrados no CRMV-SP e apaixonados pelo que fazem."
        tone="soft"
      >
        <TeamList team={data.team} />
      </Section>

      <Section headingId="galeria" eyebrow="Galeria" title="Conheça a nossa estrutura">
        <div className="grid grid--gallery">
          {data.gallery.map((p) => (
            <figure key={p.src} className="photo">
              <Image image={p} alt={p.alt} sizes={GALLERY_SIZES} />
              <figcaption>{p.caption}</figcaption>
            </figure>
          ))}
        </div>
        <p className="section__more">
          <SiteLink to="/galeria/" className="button" data-variant="outline">
            Ver a galeria completa
            <TextIcon name="arrow-right" size={18} />
          </SiteLink>
        </p>
      </Section>

      <Section
        headingId="parceiros"
        eyebrow="Parceiros e convênios"
        title="Trabalhamos junto com quem cuida bem"
        tone="soft"
      >
        <h3 className="logo-wall__heading">Parceiros</h3>
        <LogoWall items={data.partners} />
        <h3 className="logo-wall__heading">Convênios aceitos</h3>
        <LogoWall items={data.covenants} />
      </Section>

      <CtaBand title={data.cta.title} subtitle={data.cta.subtitle} image={images.cta}>
        <SiteLink to="/contato/" className="button" data-variant="light" data-size="lg">
          Fale conosco
          <TextIcon name="arrow-right" size={20} />
        </SiteLink>
        <CtaCallButton phone={data.phone} />
      </CtaBand>
    </>
  );
}
