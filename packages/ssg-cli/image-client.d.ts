// Types of photos a site's code imports (`import photo from './photo.jpg'`): the data `<Image>`
// takes. Add `"types": ["@ssg/cli/image/client"]` to tsconfig.json, or
// `/// <reference types="@ssg/cli/image/client" />` to a .d.ts of the site.

declare module '*.jpg' {
  const image: import('@ssg/cli/image').ImageData;
  export default image;
}
declare module '*.jpeg' {
  const image: import('@ssg/cli/image').ImageData;
  export default image;
}
declare module '*.png' {
  const image: import('@ssg/cli/image').ImageData;
  export default image;
}
declare module '*.webp' {
  const image: import('@ssg/cli/image').ImageData;
  export default image;
}
declare module '*.avif' {
  const image: import('@ssg/cli/image').ImageData;
  export default image;
}
