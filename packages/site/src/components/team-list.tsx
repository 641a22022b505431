import { Image } from '@ssg/cli/image';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { TEAM_SIZES } from '../lib/image-sizes.ts';
import type { ImageData } from '../lib/page-data.ts';
import './team-list.css';

export interface TeamListProps extends ComponentProps<'ul'> {
  team: Array<{ name: string; role: string; photo: ImageData }>;
}

export function TeamList({ team, className, ...props }: TeamListProps) {
  return (
    <ul data-slot="team-list" className={cn('grid', 'grid--team', className)} {...props}>
      {team.map((m) => (
        <li key={m.name} className="card team-card">
          <Image image={m.photo} alt={m.photo.alt} sizes={TEAM_SIZES} />
          <div className="team-card__body">
            <h3 className="team-card__name">{m.name}</h3>
            <p className="team-card__role">{m.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
