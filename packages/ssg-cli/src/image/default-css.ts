/**
 * The stylesheet every site gets for `<Image>`: never wider than its container, height following
 * the width. `:where()` has no specificity, so any rule of the site's own CSS wins over it.
 */
export const IMAGE_MARK = 'data-ssg-image';
export const IMAGE_DEFAULT_CSS = `:where(img[${IMAGE_MARK}]){max-width:100%;height:auto}`;
