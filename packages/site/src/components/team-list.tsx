import { Image } from '@ssg/cli/image';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
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
          <Image image={m.photo} alt={m.photo.alt} sizes="(max-width: 768px) 45vw, 240px" />
          <div className="team-card__body">
            <h3 className="team-card__name">{m.name}</h3>
            <p className="team-card__role">{m.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
