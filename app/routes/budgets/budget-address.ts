/** A budget's page: where its link leads, where its own forms post, and where a save returns to. */
export const budgetPage = (id: string) => `/budgets?${new URLSearchParams({ budget: id })}`;
