/** What the contact page shows: address, phones, hours, social links, the WhatsApp QR code, units. */
import { qrSvg } from '../content/qr-code.ts';
import type { Content } from '../content/schema.ts';
import { mapsSearchUrl, socialChatUrl } from '../lib/links.ts';
import type { ContactData } from '../lib/page-data.ts';
import { img, social, units } from './view-parts.ts';

export function contactView(c: Content): ContactData {
  const whatsHref = socialChatUrl(c);
  const qr = qrSvg(whatsHref, {
    level: c.site.qr.level,
    ...(c.site.qr.version ? { version: c.site.qr.version } : {}),
  });
  return {
    page: c.pages.contato,
    endereco: c.contact.endereco,
    mapsHref: mapsSearchUrl(c.contact.endereco),
    phones: {
      agendamento: c.contact.agendamento,
      fixos: c.contact.fixos,
      plantao: c.contact.plantao,
      whatsapp: c.contact.whatsapp,
    },
    horarios: c.contact.horarios,
    social: social(c),
    whatsHref,
    qr: { size: qr.size, path: qr.path },
    units: units(c),
    image: img(c, c.images.contact),
  };
}
