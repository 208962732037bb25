/** The category id field's value for a budget's "everything else" row: free of zod, for the form and its schema alike. */
export const OTHER_LINE = "other";
