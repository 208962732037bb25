export declare function cursorSignature(accountId: string, filters: { q?: string; from?: string; to?: string; category?: string; min?: number; max?: number; status?: string }, sort: "date" | "amount", order: "asc" | "desc"): string;
export declare function listCursor(accountId: string, cursor: { sort?: "date" | "amount"; order?: "asc" | "desc"; key: string | number; id: string }): string;
