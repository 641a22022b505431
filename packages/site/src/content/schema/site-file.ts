/** `site.json`: the site's address, locale, alert line, analytics and the contact QR code. */
import { z } from 'zod';
import { siteUrl } from './fields.ts';

export const QR_LEVELS = ['low', 'medium', 'quartile', 'high'] as const;
export const SCRIPT_STRATEGIES = ['post-hydrate', 'idle', 'worker-idle', 'proxied'] as const;

export const siteFile = z.strictObject({
  url: siteUrl,
  locale: z.string().default('pt_BR'),
  alert: z.string().optional(),
  analytics: z.strictObject({
    measurementId: z
      .string()
      .regex(
        /^G-[A-Z0-9]{6,12}$/,
        'Expected a Google Analytics measurement id like "G-AB12CD34EF".',
      ),
    strategy: z.enum(SCRIPT_STRATEGIES, {
      error: 'Expected the script strategy "post-hydrate", "idle", "worker-idle" or "proxied".',
    }),
  }),
  qr: z
    .strictObject({
      level: z.enum(QR_LEVELS, {
        error: 'Expected the QR error-correction level "low", "medium", "quartile" or "high".',
      }),
      version: z
        .number()
        .int()
        .min(1, 'Expected a QR code version from 1 to 40.')
        .max(40, 'Expected a QR code version from 1 to 40.')
        .optional(),
    })
    .default({ level: 'medium' }),
});

export type QrLevel = (typeof QR_LEVELS)[number];
export type ScriptStrategy = (typeof SCRIPT_STRATEGIES)[number];
