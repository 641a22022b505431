import { defineConfig } from '@ssg/cli';

// Every field is optional; these are the defaults, written out so you can see what to change.
export default defineConfig({
  srcDir: 'src',
  contentDir: 'content',
  outDir: 'dist',
  trailingSlash: 'always',
});
