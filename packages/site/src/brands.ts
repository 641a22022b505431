/**
 * The brands of the clinic family, the one list of them: each has content/brands/<brand>.json,
 * builds into dist/<brand> and names its footer badge's type.
 */
export const BRANDS = ['vet', 'med', 'digital', 'psico', 'odonto'] as const;

export type Brand = (typeof BRANDS)[number];

/** The brands for a message: `"vet", "med", "digital", "psico" or "odonto"`. */
export const BRAND_CHOICES = `${BRANDS.slice(0, -1)
  .map((b) => `"${b}"`)
  .join(', ')} or "${BRANDS[BRANDS.length - 1]}"`;
