// Types of photos a site's code imports (`import photo from './photo.jpg'`): the data `<Image>`
// takes; and stylesheets imported for their effect (`import './styles.css'`), which TypeScript 7
// rejects without a declaration (TS2882). Add `"types": ["@ssg/cli/image/client"]` to
// tsconfig.json, or `/// <reference types="@ssg/cli/image/client" />` to a .d.ts of the site.

declare module '*.css' {}

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
