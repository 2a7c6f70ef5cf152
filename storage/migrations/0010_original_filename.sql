-- An attachment's name as the sender wrote it, when the name shown (documents.filename) had
-- to differ: a path cut off, controls or invisible characters removed, percent escapes
-- decoded (pipeline/filename.ts). Hidden characters in it are spelled out as <U+XXXX>.
-- NULL when the two are the same, and for rows written before this migration.
ALTER TABLE documents ADD COLUMN original_filename TEXT;
