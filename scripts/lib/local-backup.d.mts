export function backupLocal(stateDir: string, outDir: string): Promise<{ statements: number; objects: number }>;
export function restoreLocal(inDir: string, stateDir: string): Promise<{ statements: number; objects: number }>;
export function openLocal(stateDir: string): Promise<{ mf: { dispose(): Promise<void> }; db: D1Database; bucket: R2Bucket }>;
export function dumpD1(db: D1Database): Promise<string>;
export function statementsOf(sql: string): string[];
