import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { formatBrl } from '../lib/format.ts';
import type { BenefitView, PlanView } from '../lib/page-data.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './plan-list.css';

export interface PlanListProps extends ComponentProps<'div'> {
  plans: PlanView[];
  benefits: BenefitView[];
  ctaHref: string;
}

/** Plans with their prices and the benefits each includes. */
export function PlanList({ plans, benefits, ctaHref, className, ...props }: PlanListProps) {
  const byId = new Map(benefits.map((b) => [b.id, b]));
  return (
    <div data-slot="plan-list" className={cn('grid', 'grid--plans', className)} {...props}>
      {plans.map((plan) => (
        <article
          key={plan.name}
          className="card plan"
          data-highlight={plan.highlight ? '' : undefined}
        >
          {plan.highlight ? <p className="plan__flag">Mais escolhido</p> : null}
          <h3 className="plan__name">{plan.name}</h3>
          <p className="plan__price">
            <strong>{formatBrl(plan.price)}</strong>
            <span>/{plan.period}</span>
          </p>
          <p className="plan__text">{plan.description}</p>
          <ul className="plan__benefits">
            {plan.benefits.map((id) => {
              const b = byId.get(id);
              return b ? (
                <li key={id}>
                  <TextIcon name="check" size={18} />
                  <span>
                    <strong>{b.title}</strong>
                    <span>{b.description}</span>
                  </span>
                </li>
              ) : null;
            })}
          </ul>
          <SiteLink
            to={ctaHref}
            className="button"
            data-variant={plan.highlight ? 'primary' : 'outline'}
          >
            Quero o plano {plan.name}
          </SiteLink>
        </article>
      ))}
    </div>
  );
}
