-- Convert to transfer (ADR 052) may create a movement's other leg. "Not a transfer" undoes the
-- conversion: a leg that existed before stays, as it was; a leg the conversion created goes, or
-- the unlink would leave money in an account it never was in (docs/decisions/062-*.md).
-- `created_for_transfer`: the transfer a convert created this movement for; NULL for every other
-- movement (typed, imported, both legs of a transfer made as one, a linked counterpart).
ALTER TABLE transactions ADD COLUMN created_for_transfer TEXT;
