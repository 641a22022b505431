import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import type { SocialLinks } from '../lib/page-data.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';

export interface SocialListProps extends ComponentProps<'ul'> {
  social: SocialLinks;
}

/** Instagram, Facebook, LinkedIn and WhatsApp profile links, built from the handles. */
export function SocialList({ social, className, ...props }: SocialListProps) {
  const links = [
    {
      icon: 'instagram',
      label: `Instagram @${social.instagram.user}`,
      href: social.instagram.href,
    },
    { icon: 'facebook', label: 'Facebook', href: social.facebook },
    { icon: 'linkedin', label: 'LinkedIn', href: social.linkedin },
    { icon: 'whatsapp', label: 'WhatsApp', href: social.whatsapp.href },
  ] as const;
  return (
    <ul data-slot="social-list" className={cn('social-list', className)} {...props}>
      {links.map((l) => (
        <li key={l.icon}>
          <SiteLink to={l.href} className="social-list__link" aria-label={l.label}>
            <TextIcon name={l.icon} size={22} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
