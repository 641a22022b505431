/** Outbound addresses the site builds from content. */

/** http:, https: and protocol-relative addresses leave the site and open in a new tab. */
export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** tel:, mailto:, sms: and in-page anchors are neither site pages nor other sites. */
export function isNonPage(href: string): boolean {
  return /^(tel|mailto|sms):/i.test(href) || href.startsWith('#');
}

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function whatsappChatUrl(whats: string, message?: string): string {
  const number = whats.replace(/\D/g, '');
  return message
    ? `https://wa.me/${number}?text=${encodeURIComponent(message)}`
    : `https://wa.me/${number}`;
}

export const instagramUrl = (user: string) => `https://www.instagram.com/${user}/`;
export const facebookUrl = (handle: string) => `https://www.facebook.com/${handle}`;
export const linkedinUrl = (handle: string) => `https://www.linkedin.com/company/${handle}/`;
