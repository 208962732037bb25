/**
 * English strings the transactions page alone shows (its Recent imports, a transfer leg's note, the
 * undo's toasts); es/transactions-page.ts must have the same keys (checked by the type checker).
 */
export const transactionsPage = {
  recentImports: {
    recentTitle: "Recent imports",
    recentHint: "Imported the wrong file, or into the wrong account? Undo removes the transactions an import added that are still here. Transactions you added yourself and other imports stay.",
    noFileName: "A file without a name",
    latest: "Just imported",
    rows_one: "{{count}} transaction",
    rows_other: "{{count}} transactions",
    rowsLeft_one: "{{count}} of them still here",
    rowsLeft_other: "{{count}} of them still here",
    undo: "Undo…",
    undoLabel: "Undo the import of {{file}} ({{when}})",
    undoQuestion_one: "Remove the {{count}} transaction that the import of {{file}} ({{when}}) added, with its receipt photo if it has one? This cannot be undone.",
    undoQuestion_other: "Remove the {{count}} transactions that the import of {{file}} ({{when}}) added, with any receipt photos they have? This cannot be undone.",
    undoLaterImports: "A later import may have skipped some of them as duplicates. To bring those back, import that file again afterwards.",
    undoConfirm: "Undo the import",
  },
  transferLeg: {
    sameCurrency: "One side of a transfer with {{account}}: a new date or amount changes its other side too.",
    otherCurrency: "One side of a transfer with {{account}}: a new date changes its other side too. The other side's amount, in {{currency}}, is edited on that account's page.",
  },
  toast: {
    importUndone: "Import undone: the transactions it added were removed.",
    importUndoneAlready: "That import was already undone (in another tab or on another device).",
  },
} as const;
