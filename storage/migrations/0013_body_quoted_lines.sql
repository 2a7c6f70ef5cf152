-- The lines of a body text that its HTML marks as quoted history (gmail_quote, blockquote
-- type=cite, divRplyFwdMsg, ...), as JSON [{from, to, weak?}], for reply_text: the rendered
-- text alone no longer shows that structure. NULL for text bodies, bodies without quotes,
-- and rows written before this migration (reply_text then reads the text alone).
ALTER TABLE documents ADD COLUMN quoted TEXT;
