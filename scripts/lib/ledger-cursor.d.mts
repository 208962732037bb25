export declare function cursorSignature(accountId: string, filters: Record<string, string | number | undefined>, sort: "date" | "amount", order: "asc" | "desc"): string;
export declare function listCursor(accountId: string, cursor: { sort?: "date" | "amount"; order?: "asc" | "desc"; key: string | number; id: string }): string;
