/** File URLs of the compiled CLI's entries; compiles first when a source changed (compile.mjs). */
export function compiledCli(): Promise<{ cli: string; build: string; 'bundle-child': string }>;
