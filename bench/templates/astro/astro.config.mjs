// Synthetic benchmark site: static output, no integrations; trailing slash like the others.
import { defineConfig } from 'astro/config';

export default defineConfig({ output: 'static', trailingSlash: 'always' });
