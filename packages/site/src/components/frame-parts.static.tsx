// The frame's parts that never change on the visitor's side: rendered at build time, no code in the browser.
import { Image } from '@ssg/cli/image';
import { wordmark } from '../lib/brand.ts';
import type { FrameData } from '../lib/page-data.ts';
import { formatLandline, telHref } from '../lib/phone.ts';
import { AlertStrip } from './alert-strip.tsx';
import { SiteLink } from './site-link.tsx';

/** The alert strip with the emergency number. */
export function FrameAlert({ text, phone }: { text: string; phone: string }) {
  return (
    <AlertStrip text={text}>
      <SiteLink to={telHref(phone)} className="alert-strip__phone">
        Plantão: {formatLandline(phone)}
      </SiteLink>
    </AlertStrip>
  );
}

/** The top bar's logo and two-line wordmark, a link to the home page. */
export function BrandLink({ logo, companyName }: Pick<FrameData, 'logo' | 'companyName'>) {
  const name = wordmark(companyName);
  return (
    <SiteLink to="/" className="brand-link">
      <Image image={logo} alt={logo.alt} />
      <span className="brand-link__name">
        <span className="brand-link__family">{name.family}</span>
        {name.kind ? (
          <>
            {' '}
            <span className="brand-link__kind">{name.kind}</span>
          </>
        ) : null}
      </span>
    </SiteLink>
  );
}
