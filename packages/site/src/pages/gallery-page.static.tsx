import { Image } from '@ssg/cli/image';
import type { PageProps } from '@ssg/cli/site';
import { TextIcon } from '../components/icon.tsx';
import { PageHero, Section } from '../components/section.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { GALLERY_SIZES } from '../lib/image-sizes.ts';
import type { GalleryData } from '../lib/page-data.ts';
import './photos.css';
import './gallery-page.css';

export default function GalleryPage({ data }: PageProps<GalleryData>) {
  return (
    <>
      <PageHero eyebrow="Galeria" title={data.page.title} subtitle={data.page.subtitle} />
      <Section headingId="fotos" title="Fotos" align="start">
        <div className="grid grid--gallery">
          {data.photos.map((p, i) => (
            <figure key={p.src} className="photo">
              <Image image={p} alt={p.alt} sizes={GALLERY_SIZES} priority={i === 0} />
              <figcaption>{p.caption}</figcaption>
            </figure>
          ))}
        </div>
      </Section>
      {data.videos.length > 0 ? (
        <Section headingId="videos" title="Vídeos" align="start" tone="soft">
          <ul className="grid grid--videos">
            {data.videos.map((v) => (
              <li key={v.url} className="card video">
                <SiteLink to={v.url} className="video__link">
                  <span className="video__poster">
                    <Image image={v.poster} alt="" />
                    <span className="video__duration">{v.duration}</span>
                  </span>
                  <span className="video__title">
                    {v.title}
                    <span className="visually-hidden"> (vídeo no YouTube, abre em nova aba)</span>
                    <TextIcon name="external" size={16} />
                  </span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
