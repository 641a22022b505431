// Types of bytes.mjs, for the TypeScript tests that import it.
export interface Compressed {
  raw: number;
  gzip: number;
  brotli: number;
}
export declare function compressed(buf: Buffer): Compressed;
export declare function firstLoadScripts(html: string): string[];
export declare function homePageBytes(outDir: string): {
  html: Compressed;
  chunks: (Compressed & { url: string; missing?: boolean })[];
  js: Compressed;
  css: { files: (Compressed & { url: string; missing?: boolean })[] } & Compressed;
};
export declare function reactFloor(repoRoot: string): Promise<Compressed>;
