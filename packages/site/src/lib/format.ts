// Prices and dates in Brazilian Portuguese without Intl: the first Intl object of a page costs
// ~40 ms of main thread (ICU's locale data), a long task during hydration at a mobile CPU.

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** As Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }): "R$ 1.234,50". */
export function formatBrl(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}R$\u00a0${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** São Paulo has kept UTC−3 all year since 2019 (no daylight saving time). */
const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * As Intl.DateTimeFormat('pt-BR', { day, month: 'long', year, timeZone: 'America/Sao_Paulo' })
 * for dates from 2019 on: "13 de março de 2027".
 */
export function formatDateSaoPaulo(time: number): string {
  const local = new Date(time + SAO_PAULO_OFFSET_MS);
  return `${local.getUTCDate()} de ${MONTHS[local.getUTCMonth()]} de ${local.getUTCFullYear()}`;
}
