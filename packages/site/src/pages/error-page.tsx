import { Image } from '@ssg/cli/image';
import { TextIcon } from '../components/icon.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { ErrorPageData } from '../lib/page-data.ts';
import { formatLandline, telHref } from '../lib/phone.ts';
import './hero.css';
import './error-page.css';

export interface ErrorPageProps {
  code: string;
  title: string;
  text: string;
  data: ErrorPageData;
}

/** Body shared by the 404 and 500 pages. */
export function ErrorPage({ code, title, text, data }: ErrorPageProps) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <div className="container error-page__inner">
        <Image image={data.image} alt={data.image.alt} className="error-page__image" />
        <div>
          <p className="eyebrow">Erro {code}</p>
          <h1 id="error-title" className="error-page__title">
            {title}
          </h1>
          <p className="error-page__text">{text}</p>
          <div className="hero__actions">
            <SiteLink to="/" className="button" data-variant="primary">
              Voltar para a página inicial
            </SiteLink>
            <SiteLink to="/contato/" className="button" data-variant="outline">
              Fale conosco
            </SiteLink>
          </div>
          <p className="error-page__help">
            Emergência com o seu pet?{' '}
            <SiteLink to={telHref(data.phone)}>
              <TextIcon name="phone" size={16} />
              Ligue para o plantão: {formatLandline(data.phone)}
            </SiteLink>
          </p>
        </div>
      </div>
    </section>
  );
}
