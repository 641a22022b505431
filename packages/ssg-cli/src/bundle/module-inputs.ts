// A Vite plugin that hands over every file a build bundled, for the next build's fingerprint.
import path from 'node:path';
import type { Plugin } from 'vite';

/** Hands over every real file a Vite build bundled (sorted), for the next build's fingerprint. */
export function moduleInputsPlugin(onInputs: (files: string[]) => void): Plugin {
  return {
    name: 'ssg-module-inputs',
    generateBundle(_options, bundle) {
      const inputs = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const file = id.split('?')[0];
          if (file && path.isAbsolute(file)) inputs.add(file);
        }
      }
      onInputs([...inputs].sort());
    },
  };
}
