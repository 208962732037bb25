import type { ImportPreview, ImportResult } from "../../../../core/api-types/ledger";
import type { FieldErrors } from "../../../forms/forms";

/** The import's answers: a file read (its preview, to map its columns), or the import done. */
export type ImportState =
  | { form: "import"; ok: true; stage: "preview"; csv: string; fileName: string; preview: ImportPreview; mapping: Record<string, string>; errors: FieldErrors }
  | { form: "import"; ok: true; stage: "done"; result: ImportResult };

/** The form of an answer about an undo of an import (its failure shows beside the Recent imports). */
export const UNDO_IMPORT_FORM = "import-undo";
