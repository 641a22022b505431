/**
 * The shape of every file in `content/`, as zod schemas. Field names follow the product
 * specification (companyName, cidade, endereco, whats, whatsMsg, …). Objects are strict so a
 * misspelt field is reported instead of silently ignored.
 */
import { type UrlRules, urlProblem } from '@ssg/cli/site';
import { z } from 'zod';
import { BRAND_CHOICES, BRANDS } from '../brands.ts';

const text = (what: string) =>
  z
    .string({ error: `Expected ${what} as text.` })
    .trim()
    .min(1, `Expected ${what}; it must not be empty.`);

/** WhatsApp numbers carry the country code: 55 + area code + 9-digit mobile = 13 digits. */
export const whatsNumber = z
  .string({ error: 'Expected a WhatsApp number as a string of 13 digits, e.g. "5511987654321".' })
  .regex(
    /^55\d{2}9\d{8}$/,
    'Expected a WhatsApp number of 13 digits (55, the area code and the 9-digit mobile number), e.g. "5511987654321"; remove spaces, "+" and punctuation.',
  );

/** Landlines without country code: area code + 8 digits = 10 digits. */
export const landlineNumber = z
  .string({ error: 'Expected a landline number as a string of 10 digits, e.g. "1132654321".' })
  .regex(
    /^\d{2}[2-5]\d{7}$/,
    'Expected a landline number of 10 digits (area code and 8 digits starting with 2 to 5), e.g. "1132654321"; remove spaces and punctuation.',
  );

/** An address as browsers parse it (WHATWG URL): https (http only for localhost), no credentials. */
const urlField = (rules: UrlRules) =>
  z.string({ error: 'Expected an address starting with https://.' }).check((ctx) => {
    const problem = urlProblem(ctx.value, rules);
    if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  });
const httpUrl = urlField({});
/** The site's own address: no query or fragment, no trailing slash (paths are appended to it). */
const siteUrl = urlField({ query: false }).refine(
  (u) => !u.endsWith('/'),
  'Expected the site address without a trailing slash, e.g. "https://www.amigofielvet.com.br".',
);

const imageFile = z
  .string({ error: 'Expected an image file name inside content/images, e.g. "hero.svg".' })
  .regex(
    /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp|avif)$/,
    'Expected an image file name inside content/images in lower case, ending in .svg, .png, .jpg, .webp or .avif, e.g. "hero.svg".',
  );

const dimension = z
  .number({ error: 'Expected a size in pixels as a number.' })
  .int('Expected a whole number of pixels.')
  .positive('Expected a size in pixels greater than 0.');

export const namedImage = z.strictObject({
  file: imageFile,
  /** Empty for decorative images. */
  alt: z.string({
    error: 'Expected the image description (alt text) as text; use "" for decorative images.',
  }),
  width: dimension,
  height: dimension,
});

/** A badge names the kind of clinic: one of the family's brands. */
export const BADGE_TYPES = BRANDS;
export const QR_LEVELS = ['low', 'medium', 'quartile', 'high'] as const;
export const SCRIPT_STRATEGIES = ['post-hydrate', 'idle', 'worker-idle'] as const;

const hexColor = z
  .string({ error: 'Expected a colour as text like "#0f766e".' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour in the form "#rrggbb", e.g. "#0f766e".');

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
      error: 'Expected the script strategy "post-hydrate", "idle" or "worker-idle".',
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

/** The home page's eyebrow (the short line above its title) when a brand does not set one. */
export const DEFAULT_EYEBROW = 'Clínica veterinária em {cidade}';
export const EYEBROW_MAX = 60;

/** What the brand is, in a few words; `{cidade}` is replaced with the city. */
const eyebrow = text('the line above the home page title (eyebrow)')
  .max(
    EYEBROW_MAX,
    `Expected a short eyebrow of at most ${EYEBROW_MAX} characters; it is the short line above the home page title.`,
  )
  .check((ctx) => {
    for (const [placeholder] of ctx.value.matchAll(/\{[^}]*\}/g)) {
      if (placeholder === '{cidade}') continue;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Unknown placeholder "${placeholder}": the only one replaced is {cidade} (the city), e.g. "Odontologia veterinária em {cidade}"; remove it or correct its spelling.`,
      });
    }
  });

const companyFields = {
  companyName: text('the company name'),
  subtitle: text('a subtitle'),
  slogan: text('a slogan'),
  cidade: text('the city (cidade)'),
};
export const companyFile = z.strictObject({
  ...companyFields,
  eyebrow: eyebrow.default(DEFAULT_EYEBROW),
});
/** A brand's overrides: any company field, none filled by default (the base file's value stays). */
const companyOverrides = z.strictObject({ ...companyFields, eyebrow }).partial();

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

export const teamFile = z.strictObject({
  team: z.array(
    z.strictObject({
      name: text('the name'),
      role: text('the role'),
      photoFilename: imageFile,
      photo: z.strictObject({
        alt: text('the photo description (alt)'),
        width: dimension,
        height: dimension,
      }),
    }),
  ),
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

const logo = z.strictObject({ name: text('the name'), logo: imageFile, url: httpUrl.optional() });
export const partnersFile = z.strictObject({ partners: z.array(logo), covenants: z.array(logo) });

export const curriculumFile = z.strictObject({
  curriculum: z.strictObject({
    name: text('the name'),
    title: text('the title'),
    registry: text('the CRMV registry'),
    photoFilename: imageFile,
    summary: text('a summary'),
    education: z.array(z.string()),
    experience: z.array(z.string()),
  }),
});

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

const pageText = z.strictObject({
  title: text('the page title'),
  subtitle: text('the page subtitle'),
});
export const pagesFile = z.strictObject({
  servicos: pageText,
  galeria: pageText,
  contato: pageText,
  popup: z.strictObject({ title: text('the popup title') }),
  cta: pageText,
});

export const countdownFile = z.strictObject({
  eventName: text('the event name'),
  eventDate: z
    .string({ error: 'Expected the event date as text.' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, {
      message:
        'Expected the event date in ISO 8601 with a time zone, e.g. "2027-03-13T08:00:00-03:00".',
      abort: true,
    })
    .refine(
      (d) => !Number.isNaN(Date.parse(d)),
      'Expected a real calendar date, e.g. "2027-03-13T08:00:00-03:00".',
    ),
  subtitle: text('the event subtitle'),
});

/** Generated texts are optional; the site has Portuguese fallbacks for each. */
export const textsFile = z.strictObject({
  h2: z.string().optional(),
  about1: z.string().optional(),
  about2: z.string().optional(),
  descriptionService: z.string().optional(),
  whatsMessage: z.string().optional(),
});

export const galleryFile = z.strictObject({
  photos: z.array(
    z.strictObject({
      file: imageFile,
      alt: text('the photo description (alt)'),
      caption: text('the caption'),
      width: dimension,
      height: dimension,
    }),
  ),
  videos: z.array(
    z.strictObject({
      title: text('the video title'),
      url: httpUrl,
      poster: imageFile,
      duration: z.string().regex(/^\d{1,2}:\d{2}$/, 'Expected the duration like "2:45".'),
      width: dimension,
      height: dimension,
    }),
  ),
});

export const IMAGE_NAMES = [
  'logo',
  'favicon',
  'hero',
  'about',
  'cta',
  'contact',
  'notFound',
  'serverError',
  'og',
] as const;
export const imagesFile = z.strictObject(
  Object.fromEntries(IMAGE_NAMES.map((n) => [n, namedImage])) as Record<
    (typeof IMAGE_NAMES)[number],
    typeof namedImage
  >,
);

/** A home-page text of a brand: `{cidade}` (the city) and `{unidades}` (how many units) are replaced. */
const homeText = (what: string, max: number) =>
  text(what)
    .max(max, `Expected ${what} of at most ${max} characters.`)
    .check((ctx) => {
      for (const [placeholder] of ctx.value.matchAll(/\{[^}]*\}/g)) {
        if (placeholder === '{cidade}' || placeholder === '{unidades}') continue;
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `Unknown placeholder "${placeholder}": only {cidade} (the city) and {unidades} (how many units) are replaced; remove it or correct its spelling.`,
        });
      }
    });

/** What a brand says of itself on its home page and when shared: never the code's words. */
export const brandHome = z.strictObject({
  titleSuffix: homeText('the home page title after "Name | "', 70),
  description: homeText('the home page description (meta description)', 200),
  facts: z
    .array(
      z.strictObject({
        value: homeText('a hero figure, e.g. "24 horas"', 24),
        label: homeText('the words under a hero figure', 40),
      }),
    )
    .min(1, 'Expected at least one hero figure.')
    .max(3, 'Expected at most three hero figures.'),
  shareText: homeText('the text of the share card (og:image:alt)', 120),
});

export const brandFile = z.strictObject({
  badge: z.strictObject({
    type: z.enum(BADGE_TYPES, {
      error: `Expected the badge type ${BRAND_CHOICES}.`,
    }),
    label: z.string().optional(),
  }),
  theme: z.strictObject({
    primary: hexColor,
    primaryDark: hexColor,
    primarySoft: hexColor,
    accent: hexColor,
  }),
  company: companyOverrides.optional(),
  home: brandHome,
  site: z.strictObject({ url: siteUrl }).partial().optional(),
  images: imagesFile.partial().optional(),
});

/** Every base file of content/, by file name. */
export const CONTENT_FILES = {
  'site.json': siteFile,
  'company.json': companyFile,
  'social.json': socialFile,
  'contact.json': contactFile,
  'units.json': unitsFile,
  'team.json': teamFile,
  'plans.json': plansFile,
  'partners.json': partnersFile,
  'curriculum.json': curriculumFile,
  'services.json': servicesFile,
  'pages.json': pagesFile,
  'countdown.json': countdownFile,
  'texts.json': textsFile,
  'gallery.json': galleryFile,
  'images.json': imagesFile,
} as const;

/** Each base file's validated data, by file name. */
export type ContentFiles = {
  [K in keyof typeof CONTENT_FILES]: z.infer<(typeof CONTENT_FILES)[K]>;
};

export type NamedImage = z.infer<typeof namedImage>;
export type Unit = z.infer<typeof unit>;
export type BadgeType = (typeof BADGE_TYPES)[number];
export type QrLevel = (typeof QR_LEVELS)[number];
export type ScriptStrategy = (typeof SCRIPT_STRATEGIES)[number];
export type IconName = (typeof ICON_NAMES)[number];
export type BrandFile = z.infer<typeof brandFile>;

/** The validated content of one brand, as routes, slices and static queries see it. */
export interface Content {
  brand: string;
  site: z.infer<typeof siteFile>;
  company: z.infer<typeof companyFile>;
  home: z.infer<typeof brandHome>;
  social: z.infer<typeof socialFile>;
  contact: z.infer<typeof contactFile>;
  units: Unit[];
  team: z.infer<typeof teamFile>['team'];
  plans: z.infer<typeof plansFile>;
  partners: z.infer<typeof partnersFile>['partners'];
  covenants: z.infer<typeof partnersFile>['covenants'];
  curriculum: z.infer<typeof curriculumFile>['curriculum'];
  services: z.infer<typeof servicesFile>['services'];
  pages: z.infer<typeof pagesFile>;
  countdown: z.infer<typeof countdownFile>;
  texts: z.infer<typeof textsFile>;
  gallery: z.infer<typeof galleryFile>;
  images: z.infer<typeof imagesFile>;
  badge: BrandFile['badge'];
  theme: BrandFile['theme'];
  /** Absolute folder of the images, for the asset copy; never sent to the browser. */
  imagesDir: string;
}
