import type { ImportPreview, ImportResult } from "../../../../core/api-types/ledger";
import type { ImportReading } from "../../../../core/api-types/import-reading";
import type { FieldErrors } from "../../../forms/forms";

/**
 * The import's answers: a file read (its preview, to map its columns), or the import done. The
 * file itself stays in the API as a draft (ADR 047): the page carries its id, never its content.
 */
export type ImportState =
  | { form: "import"; ok: true; stage: "preview"; draftId: string; fileName: string; preview: ReadPreview; mapping: Record<string, string>; errors: FieldErrors }
  | { form: "import"; ok: true; stage: "done"; result: ImportResult };

/** A preview with what it says about how the file was read (ADR 050). */
export type ReadPreview = ImportPreview & { reading?: ImportReading };

/** The form of an answer about an undo of an import (its failure shows beside the Recent imports). */
export const UNDO_IMPORT_FORM = "import-undo";

/** The API's answer to a file kept as a draft (POST /accounts/{accountId}/import/drafts). */
export type ImportDraftCreated = { draft: { id: string; fileName: string | null; expiresAt: number }; mapping: Record<string, string>; preview: ImportPreview };
