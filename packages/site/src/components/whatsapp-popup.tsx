import { type ComponentProps, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './whatsapp-popup.css';

export interface WhatsappPopupProps extends ComponentProps<'div'> {
  title: string;
  href: string;
}

/** A floating WhatsApp button that opens a small card with the popup title and a chat link. */
export function WhatsappPopup({ title, href, className, ...props }: WhatsappPopupProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div
      data-slot="whatsapp-popup"
      data-state={open ? 'open' : 'closed'}
      className={cn('wa-popup', className)}
      {...props}
    >
      {open ? (
        <section id={id} className="wa-popup__card" aria-label="WhatsApp">
          <p className="wa-popup__title">{title}</p>
          <SiteLink to={href} className="button" data-variant="whatsapp">
            <TextIcon name="whatsapp" size={20} />
            Iniciar conversa
          </SiteLink>
        </section>
      ) : null}
      <button
        type="button"
        className="wa-popup__button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={open ? 'Fechar atendimento por WhatsApp' : 'Atendimento por WhatsApp'}
        onClick={() => setOpen((o) => !o)}
      >
        <TextIcon name={open ? 'close' : 'whatsapp'} size={28} />
      </button>
    </div>
  );
}
