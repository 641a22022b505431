/**
 * `sizes` of the pictures, matching the CSS that lays them out (the pages' CSS, base.css and
 * primitives.css): the browser picks a file from these before the CSS is applied.
 */

/** `.grid--gallery`: one column under 640 px, two to 768 px, three above, in a 1160 px container. */
export const GALLERY_SIZES =
  '(min-width: 1160px) 360px, (min-width: 769px) 31vw, (min-width: 640px) 47vw, 92vw';

/** `.hero__art`: nearly the screen's width on phones, at most 560 px beside the text. */
export const HERO_SIZES = '(max-width: 768px) 90vw, 560px';

/** `.grid--team`: two columns on phones, cards of 240 px above. */
export const TEAM_SIZES = '(max-width: 768px) 45vw, 240px';
