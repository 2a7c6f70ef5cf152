export declare const SQLD_VERSION: string;
export declare function sqldCacheDir(env?: NodeJS.ProcessEnv): string;
export declare function ensureSqld(env?: NodeJS.ProcessEnv): string;
