-- An undo link is a credential (it leads to a new password), and no link token is stored in the
-- clear (docs/decisions/034). A kept email-change notice now holds a marker where the token goes
-- (`link_marker`) and the undo it links to (`revert_id`); the cron issues a new link for that
-- undo and puts its token in place of the marker before it sends. Rows kept before this have
-- neither and are sent as they are.
ALTER TABLE pending_notices ADD COLUMN revert_id TEXT;
ALTER TABLE pending_notices ADD COLUMN link_marker TEXT;
