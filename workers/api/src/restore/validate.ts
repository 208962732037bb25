/**
 * "Import everything" (ADR 060): the export file, section by section. Each kind the export carries
 * is one `RestoreSection` in `RESTORE_SECTIONS`: its key in the file, its row schema, a `check`
 * that links its rows to the sections before it (mapping the file's ids to new ones) and refuses
 * what does not add up, and the `statements` that write it. Every section is checked before any
 * statement is built, so a refused file writes nothing.
 *
 * Adding a kind: a row schema in core/schemas/restore.ts, an INSERT in store.ts, and one entry
 * here (or in money-setup.ts, version 3's budgets, schedules and own rates), after the sections it
 * links to. The parts a section is made of are in section.ts.
 */
import { sniffImageType, MAX_RECEIPT_BYTES } from "../../../../core/receipt-image";
import {
  RESTORE_MAX_TRANSACTIONS,
  RESTORE_VERSIONS,
  restoreAccountSchema,
  restoreCategorySchema,
  restoreCheckpointSchema,
  restoreErrorKeys as K,
  restoreImportSchema,
  restoreReportingCurrencySchema,
  restoreReceiptSchema,
  restoreTransactionSchema,
  type RestoreAccount,
  type RestoreCategory,
  type RestoreCheckpoint,
  type RestoreImport,
  type RestoreReceipt,
  type RestoreTransaction,
} from "../../../../core/schemas/restore";
import { issuesByField } from "../../../../core/schemas/validation-issues";
import { EXPORT_FORMAT } from "../export/sections";
import { receiptKey } from "../receipts/objects";
import { accountOf, addError, mapIds, section, type AnySection, type RestoreState } from "./section";
import { MONEY_SETUP_SECTIONS } from "./money-setup";
import { insertAccountStatement, emptyGuardProbe, insertCategoryStatement, insertCheckpointStatement, insertImportStatement, insertTransactionStatement, setReportingCurrencyStatement, updateCategoryStatement } from "./store";

const accounts = section<RestoreAccount>({
  key: "accounts",
  schema: restoreAccountSchema,
  requiredFrom: 1,
  check: (rows, state) => void mapIds("accounts", rows, state),
  statements: (db, rows, state) => {
    const ids = state.ids.accounts!;
    const written = rows.map((row, i) => insertAccountStatement(db, state.userId, ids.get(row.id)!, row, i === 0));
    return rows.length ? [...written, ...emptyGuardProbe(db, state.userId, ids.get(rows[0]!.id)!)] : [];
  },
});

const categories = section<RestoreCategory>({
  key: "categories",
  schema: restoreCategorySchema,
  requiredFrom: 1,
  check: (rows, state) => {
    const ids = mapIds("categories", rows, state, () => crypto.randomUUID());
    // A category the user already has (the defaults every new user starts with, or the same
    // name) is used, taking the file's kind, color and instant; the categories' names are unique per user.
    const byKey = new Map(state.existingCategories.filter((c) => c.default_key).map((c) => [c.default_key!, c.id]));
    const byName = new Map(state.existingCategories.map((c) => [c.name.toLowerCase(), c.id]));
    const names = new Set<string>();
    rows.forEach((row, i) => {
      const name = row.name.toLowerCase();
      if (names.has(name)) addError(state, `categories[${i}].name`, K.duplicateId);
      names.add(name);
      const existing = (row.defaultKey && byKey.get(row.defaultKey)) || byName.get(name);
      if (existing) {
        ids.set(row.id, existing);
        state.mappedCategories.add(row.id);
      }
    });
  },
  statements: (db, rows, state) =>
    rows.map((row) => (state.mappedCategories.has(row.id) ? updateCategoryStatement : insertCategoryStatement)(db, state.userId, state.ids.categories!.get(row.id)!, row)),
});

const imports = section<RestoreImport>({
  key: "imports",
  schema: restoreImportSchema,
  requiredFrom: 2,
  check: (rows, state) => {
    mapIds("imports", rows, state);
    rows.forEach((row, i) => accountOf(state, `imports[${i}].accountId`, row.accountId));
  },
  statements: (db, rows, state) => rows.map((row) => insertImportStatement(db, state.userId, state.ids.imports!.get(row.id)!, state.ids.accounts!.get(row.accountId)!, row)),
});

const transactions = section<RestoreTransaction>({
  key: "transactions",
  schema: restoreTransactionSchema,
  requiredFrom: 1,
  check: (rows, state) => {
    if (rows.length > RESTORE_MAX_TRANSACTIONS) addError(state, "transactions", K.tooMany);
    mapIds("transactions", rows, state);
    const accountRows = new Map((state.rows.accounts as RestoreAccount[]).map((a) => [a.id, a]));
    const sums = new Map<string, number>();
    const perImport = new Map<string, number>();
    const legs = new Map<string, Array<{ row: RestoreTransaction; i: number }>>();
    const fingerprints = new Set<string>();
    rows.forEach((row, i) => {
      const at = `transactions[${i}]`;
      const account = accountOf(state, `${at}.accountId`, row.accountId) ? accountRows.get(row.accountId) : undefined;
      if (!account) return;
      if (row.currency !== account.currency) addError(state, `${at}.currency`, K.currencyMismatch);
      sums.set(row.accountId, (sums.get(row.accountId) ?? 0) + row.amountMinor);
      if (row.categoryId !== null && !state.ids.categories?.has(row.categoryId)) addError(state, `${at}.categoryId`, K.unknownCategory);
      if (row.importId !== null) {
        if (!state.ids.imports?.has(row.importId)) addError(state, `${at}.importId`, K.unknownImport);
        perImport.set(row.importId, (perImport.get(row.importId) ?? 0) + 1);
      }
      if (row.importFingerprint !== null) {
        const unique = `${row.accountId}\n${row.importFingerprint}`;
        if (fingerprints.has(unique)) addError(state, `${at}.importFingerprint`, K.duplicateId);
        fingerprints.add(unique);
      }
      if (row.transferId !== null) legs.set(row.transferId, [...(legs.get(row.transferId) ?? []), { row, i }]);
      // A leg made by "convert to transfer" names the transfer it was made for: its own (migration 0031).
      if (row.createdForTransfer !== null && row.createdForTransfer !== row.transferId) addError(state, `${at}.createdForTransfer`, K.createdForTransfer);
    });
    // A transfer is two legs in two accounts, money out of one and into the other; in one currency, the same amount.
    const transferIds = new Map<string, string>();
    for (const [transferId, pair] of legs) {
      const [a, b] = pair;
      const paired =
        pair.length === 2 &&
        a!.row.accountId !== b!.row.accountId &&
        Math.sign(a!.row.amountMinor) === -Math.sign(b!.row.amountMinor) &&
        a!.row.amountMinor !== 0 &&
        (a!.row.currency !== b!.row.currency || a!.row.amountMinor + b!.row.amountMinor === 0);
      if (!paired) for (const leg of pair) addError(state, `transactions[${leg.i}].transferId`, K.transferLegs);
      transferIds.set(transferId, crypto.randomUUID());
    }
    state.ids.transfers = transferIds;
    // The balances the file states must be what its transactions add up to.
    (state.rows.accounts as RestoreAccount[]).forEach((account, i) => {
      if (account.openingBalanceMinor + (sums.get(account.id) ?? 0) !== account.balanceMinor) addError(state, `accounts[${i}].balanceMinor`, K.balanceMismatch);
    });
    // An import's record counts the rows it still has in the ledger.
    ((state.rows.imports ?? []) as RestoreImport[]).forEach((record, i) => {
      if ((perImport.get(record.id) ?? 0) !== record.remaining || record.remaining > record.imported) addError(state, `imports[${i}].remaining`, K.importCount);
    });
  },
  statements: (db, rows, state) =>
    rows.map((row) => {
      const id = state.ids.transactions!.get(row.id)!;
      return insertTransactionStatement(
        db,
        state.userId,
        {
          id,
          accountId: state.ids.accounts!.get(row.accountId)!,
          categoryId: row.categoryId === null ? null : state.ids.categories!.get(row.categoryId)!,
          transferId: row.transferId === null ? null : state.ids.transfers!.get(row.transferId)!,
          importId: row.importId === null ? null : state.ids.imports!.get(row.importId)!,
          receiptKey: state.receiptKeys.get(id) ?? null,
          createdForTransfer: row.createdForTransfer === null ? null : state.ids.transfers!.get(row.createdForTransfer)!,
        },
        row,
      );
    }),
});

const reconciliation = section<RestoreCheckpoint>({
  key: "reconciliation",
  schema: restoreCheckpointSchema,
  requiredFrom: 2,
  check: (rows, state) => {
    mapIds("reconciliation", rows, state, () => crypto.randomUUID());
    rows.forEach((row, i) => accountOf(state, `reconciliation[${i}].accountId`, row.accountId));
  },
  statements: (db, rows, state) => rows.map((row) => insertCheckpointStatement(db, state.userId, state.ids.reconciliation!.get(row.id)!, state.ids.accounts!.get(row.accountId)!, row)),
});

function fromBase64(data: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

const receipts = section<RestoreReceipt>({
  key: "receipts",
  schema: restoreReceiptSchema,
  requiredFrom: 2,
  check: (rows, state) => {
    const txRows = state.rows.transactions as RestoreTransaction[];
    const withReceipt = new Set(txRows.filter((t) => t.hasReceipt).map((t) => t.id));
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const at = `receipts[${i}]`;
      const transactionId = state.ids.transactions?.get(row.transactionId);
      if (!transactionId || !withReceipt.has(row.transactionId)) return addError(state, `${at}.transactionId`, K.unknownTransaction);
      if (seen.has(row.transactionId)) return addError(state, `${at}.transactionId`, K.duplicateId);
      seen.add(row.transactionId);
      // The type is decided by the bytes, as for an upload; the file's word for it is not trusted.
      const bytes = fromBase64(row.data);
      const contentType = bytes && bytes.byteLength <= MAX_RECEIPT_BYTES ? sniffImageType(bytes) : null;
      if (!bytes || !contentType) return addError(state, `${at}.data`, K.receiptImage);
      const key = receiptKey(state.userId, transactionId);
      state.receiptKeys.set(transactionId, key);
      state.uploads.push({ key, bytes, contentType, transactionId });
    });
    // A version 2 file carries the image of every transaction that has one.
    if (state.version >= 2) txRows.forEach((t, i) => t.hasReceipt && !seen.has(t.id) && addError(state, `transactions[${i}].hasReceipt`, K.receiptMissing));
  },
  statements: () => [],
});

/** Every kind a restore reads, in the order they are checked and written (a section links only to those before it). */
export const RESTORE_SECTIONS: AnySection[] = [accounts, categories, imports, transactions, reconciliation, receipts, ...MONEY_SETUP_SECTIONS];

/** The file checked whole: the state to write from, or the errors (field → message keys). */
export function checkFile(file: Record<string, unknown>, base: Pick<RestoreState, "userId" | "existingCategories">): RestoreState {
  const state: RestoreState = { ...base, version: 0, errors: {}, ids: {}, rows: {}, mappedCategories: new Set(), receiptKeys: new Map(), uploads: [], reportingCurrency: null };
  const version = file.version;
  if (file.format !== EXPORT_FORMAT || typeof version !== "number" || !(RESTORE_VERSIONS as readonly number[]).includes(version)) {
    addError(state, "version", K.version);
    return state;
  }
  state.version = version;
  // Version 3 names the reporting currency, part of the money setup: restored with it (ADR 064).
  if (version >= 3) {
    const reporting = restoreReportingCurrencySchema.safeParse(file.reportingCurrency);
    if (reporting.success) state.reportingCurrency = reporting.data;
    else addError(state, "reportingCurrency", K.currency);
  }
  // Every section's rows against its schema first; the links only make sense between valid rows.
  for (const s of RESTORE_SECTIONS) {
    const value = file[s.key];
    if (value === undefined && version < s.requiredFrom) {
      state.rows[s.key] = [];
      continue;
    }
    if (!Array.isArray(value)) {
      addError(state, s.key, K.field);
      continue;
    }
    if (s.key === "transactions" && value.length > RESTORE_MAX_TRANSACTIONS) {
      addError(state, s.key, K.tooMany);
      continue;
    }
    if (s.maxRows !== undefined && value.length > s.maxRows) {
      addError(state, s.key, K.tooManyRows);
      continue;
    }
    const rows: unknown[] = [];
    value.forEach((raw, i) => {
      const parsed = s.schema.safeParse(raw);
      if (parsed.success) rows.push(parsed.data);
      else for (const [field, keys] of Object.entries(issuesByField(parsed.error))) for (const key of keys) addError(state, `${s.key}[${i}]${field === "_form" ? "" : `.${field}`}`, key);
    });
    state.rows[s.key] = rows;
  }
  if (Object.keys(state.errors).length) return state;
  for (const s of RESTORE_SECTIONS) s.check(state.rows[s.key]!, state);
  return state;
}

/** Every INSERT of a checked file, in section order, then the reporting currency, for one batch. */
export function restoreStatements(db: D1Database, state: RestoreState): D1PreparedStatement[] {
  const rows = RESTORE_SECTIONS.flatMap((s) => s.statements(db, state.rows[s.key]!, state));
  return state.reportingCurrency === null ? rows : [...rows, setReportingCurrencyStatement(db, state.userId, state.reportingCurrency)];
}

/** How many rows of each section the file brought back. */
export function restoredCounts(state: RestoreState): Record<string, number> {
  return Object.fromEntries(RESTORE_SECTIONS.map((s) => [s.key, state.rows[s.key]!.length]));
}
