import { Image } from '@ssg/cli/image';
import type { PageProps } from '@ssg/cli/site';
import { TextIcon } from '../components/icon.tsx';
import { QrCode } from '../components/qr-code.tsx';
import { PageHero, Section } from '../components/section.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { SocialList } from '../components/social-list.tsx';
import { UnitCard } from '../components/unit-card.tsx';
import { whatsappChatUrl } from '../lib/links.ts';
import type { ContactData } from '../lib/page-data.ts';
import { formatLandline, formatWhatsapp, telHref } from '../lib/phone.ts';
import './contact-page.css';

const GROUPS = [
  ['agendamento', 'Agendamento'],
  ['fixos', 'Telefones fixos'],
  ['plantao', 'Plantão 24 horas'],
] as const;

export default function ContactPage({ data }: PageProps<ContactData>) {
  return (
    <>
      <PageHero eyebrow="Contato" title={data.page.title} subtitle={data.page.subtitle} />
      <section className="section" aria-labelledby="canais">
        <div className="container contact__grid">
          <div className="card contact__card">
            <h2 id="canais" className="contact__heading">
              Canais de atendimento
            </h2>
            <p className="contact__address">
              <TextIcon name="map-pin" size={22} />
              <span>
                <strong>Endereço</strong>
                <SiteLink to={data.mapsHref}>{data.endereco}</SiteLink>
              </span>
            </p>
            <div className="contact__phones">
              {GROUPS.map(([key, label]) =>
                data.phones[key].length > 0 ? (
                  <div key={key} className="contact__group">
                    <h3>
                      <TextIcon name={key === 'plantao' ? 'siren' : 'phone'} size={20} />
                      {label}
                    </h3>
                    <ul>
                      {data.phones[key].map((n) => (
                        <li key={n}>
                          <SiteLink to={telHref(n)}>{formatLandline(n)}</SiteLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null,
              )}
              <div className="contact__group">
                <h3>
                  <TextIcon name="whatsapp" size={20} />
                  WhatsApp
                </h3>
                <ul>
                  {data.phones.whatsapp.map((n) => (
                    <li key={n}>
                      <SiteLink to={whatsappChatUrl(n)}>{formatWhatsapp(n)}</SiteLink>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <div className="contact__group">
              <h3>
                <TextIcon name="clock" size={20} />
                Horários
              </h3>
              <dl className="hours">
                {data.horarios.map((h) => (
                  <div key={h.dias}>
                    <dt>{h.dias}</dt>
                    <dd>{h.horas}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="contact__group">
              <h3>Redes sociais</h3>
              <SocialList social={data.social} />
            </div>
          </div>
          <aside className="card contact__qr" aria-labelledby="qr-title">
            <h2 id="qr-title" className="contact__heading">
              Converse pelo WhatsApp
            </h2>
            <p>Aponte a câmera do celular para o código e comece a conversa com a nossa equipe.</p>
            <QrCode
              size={data.qr.size}
              path={data.qr.path}
              label="QR code que abre uma conversa no WhatsApp da clínica"
            />
            <SiteLink to={data.whatsHref} className="button" data-variant="whatsapp">
              <TextIcon name="whatsapp" size={20} />
              Abrir o WhatsApp
            </SiteLink>
            <Image image={data.image} alt={data.image.alt} className="contact__map" />
          </aside>
        </div>
      </section>
      <Section
        headingId="unidades"
        eyebrow="Unidades"
        title="Venha nos visitar"
        lead="Escolha a unidade mais perto de você. Todas atendem com hora marcada."
        tone="soft"
      >
        <div className="grid grid--units">
          {data.units.map((u) => (
            <UnitCard key={u.name} unit={u} />
          ))}
        </div>
      </Section>
    </>
  );
}
