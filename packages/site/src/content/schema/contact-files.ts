/** How to reach the clinic: `social.json`, `contact.json` and `units.json`. */
import { z } from 'zod';
import { httpUrl, landlineNumber, text, whatsNumber } from './fields.ts';

const handle = (site: string) =>
  z
    .string({ error: `Expected the ${site} handle as text.` })
    .regex(
      /^[A-Za-z0-9._-]+$/,
      `Expected only the ${site} handle (letters, digits, ".", "_" or "-"), not a full address.`,
    );

export const socialFile = z.strictObject({
  facebook: handle('Facebook'),
  instagram: z.strictObject({ user: handle('Instagram') }),
  linkedin: handle('LinkedIn'),
  whatsapp: whatsNumber,
  mensagem: text('the prefilled WhatsApp message (mensagem)'),
});

export const contactFile = z.strictObject({
  endereco: text('the address (endereco)'),
  agendamento: z
    .array(landlineNumber)
    .min(1, 'Expected at least one scheduling number (agendamento).'),
  fixos: z.array(landlineNumber),
  plantao: z.array(landlineNumber).min(1, 'Expected at least one emergency number (plantao).'),
  whatsapp: z.array(whatsNumber),
  horarios: z
    .array(z.strictObject({ dias: text('the days'), horas: text('the hours') }))
    .min(1, 'Expected at least one line of opening hours (horarios).'),
});

export const unit = z.strictObject({
  name: text('the unit name'),
  address: text('the unit address'),
  locality: text('the city of the unit (locality)'),
  region: z.string().regex(/^[A-Z]{2}$/, 'Expected the state as two capital letters, e.g. "SP".'),
  postalCode: z.string().regex(/^\d{5}-\d{3}$/, 'Expected a CEP like "01304-001".'),
  whats: whatsNumber,
  whatsMsg: text('the prefilled WhatsApp message (whatsMsg)'),
  tel: landlineNumber.optional(),
  site: httpUrl.optional(),
  /** schema.org opening hours, e.g. "Mo-Fr 08:00-20:00". */
  openingHours: z.array(
    z
      .string()
      .regex(
        /^(Mo|Tu|We|Th|Fr|Sa|Su)(-(Mo|Tu|We|Th|Fr|Sa|Su))? \d{2}:\d{2}-\d{2}:\d{2}$/,
        'Expected opening hours in the schema.org form "Mo-Fr 08:00-20:00".',
      ),
  ),
});
export const unitsFile = z.strictObject({
  units: z.array(unit).min(1, 'Expected at least one unit.'),
});

export type Unit = z.infer<typeof unit>;
