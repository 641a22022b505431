/** Brazilian phone display formats and tel: addresses. */

const digits = (n: string) => n.replace(/\D/g, '');
/** Drops the country code 55 when present (13 digits for mobiles, 12 for landlines). */
const national = (n: string) => {
  const d = digits(n);
  return (d.length === 13 || d.length === 12) && d.startsWith('55') ? d.slice(2) : d;
};

/** `5511987654321` → `(11) 98765-4321` */
export function formatWhatsapp(n: string): string {
  const d = national(n);
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : n;
}

/** `1132654321` → `(11) 3265-4321` */
export function formatLandline(n: string): string {
  const d = national(n);
  return d.length === 10 ? `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}` : n;
}

/** Either format, chosen by length. */
export function formatPhone(n: string): string {
  return national(n).length === 11 ? formatWhatsapp(n) : formatLandline(n);
}

/** `1132654321` → `tel:+551132654321` */
export function telHref(n: string): string {
  return `tel:+55${national(n)}`;
}
