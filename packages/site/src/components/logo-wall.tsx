import { Image } from '@ssg/cli/image';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import type { ImageData } from '../lib/page-data.ts';
import { SiteLink } from './site-link.tsx';
import './logo-wall.css';

export interface LogoWallProps extends ComponentProps<'ul'> {
  items: Array<{ name: string; logo: ImageData; url?: string }>;
}

/** Partner and covenant logos; those with a site link to it. */
export function LogoWall({ items, className, ...props }: LogoWallProps) {
  return (
    <ul data-slot="logo-wall" className={cn('logo-wall', className)} {...props}>
      {items.map((item) => {
        const img = <Image image={item.logo} alt={item.name} />;
        return (
          <li key={item.name} className="logo-wall__item">
            {item.url ? <SiteLink to={item.url}>{img}</SiteLink> : img}
          </li>
        );
      })}
    </ul>
  );
}
