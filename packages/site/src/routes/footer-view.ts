/** What the footer slice shows on every page: the company, units, address, phones, hours, links, badge. */
import type { Content } from '../content/schema.ts';
import type { FooterData } from '../lib/page-data.ts';
import { img, social, units } from './view-parts.ts';

export const footerView = (c: Content): FooterData => ({
  companyName: c.company.companyName,
  slogan: c.company.slogan,
  cidade: c.company.cidade,
  logo: img(c, c.images.logo),
  units: units(c),
  endereco: c.contact.endereco,
  phones: { agendamento: c.contact.agendamento[0] ?? '', plantao: c.contact.plantao[0] ?? '' },
  horarios: c.contact.horarios,
  social: social(c),
  badge: c.badge,
});
