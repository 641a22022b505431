// React Router's own Vite plugin, nothing else (it brings React's transform).
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [reactRouter()] });
