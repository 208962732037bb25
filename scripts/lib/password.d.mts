export declare const DEFAULT_PARAMS: { N: number; r: number; p: number };
export declare function hashPassword(password: string, params?: { N: number; r: number; p: number }): string;
