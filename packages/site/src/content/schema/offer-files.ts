/** What the clinic offers: `services.json` and `plans.json`. */
import { z } from 'zod';
import { text } from './fields.ts';

export const ICON_NAMES = [
  'stethoscope',
  'syringe',
  'heart-pulse',
  'scalpel',
  'microscope',
  'tooth',
  'scissors',
  'paw',
] as const;

export const servicesFile = z.strictObject({
  services: z
    .array(
      z.strictObject({
        slug: z
          .string()
          .regex(/^[a-z0-9-]+$/, 'Expected a slug in lower case with dashes, e.g. "banho-e-tosa".'),
        icon: z.enum(ICON_NAMES, { error: `Expected one of the icons ${ICON_NAMES.join(', ')}.` }),
        title: text('the service title'),
        description: text('the service description'),
      }),
    )
    .min(1, 'Expected at least one service.'),
});

export const plansFile = z.strictObject({
  title: text('the plans section title'),
  subtitle: text('the plans section subtitle'),
  plans: z.array(
    z.strictObject({
      name: text('the plan name'),
      price: z
        .number({ error: 'Expected the monthly price as a number, e.g. 79.9.' })
        .positive('Expected a price greater than 0.'),
      period: text('the billing period'),
      description: text('the plan description'),
      benefits: z.array(z.string()),
      highlight: z.boolean().default(false),
    }),
  ),
  benefits: z.array(
    z.strictObject({
      id: text('the benefit id'),
      title: text('the benefit title'),
      description: text('the benefit description'),
    }),
  ),
});

export type IconName = (typeof ICON_NAMES)[number];
