-- A document's text length in UTF-16 code units, the unit get_document_text's offsets and
-- capture field sources count in. SQLite's length() counts code points, so an emoji made
-- the listed text_length one shorter than the offsets that page through it. Rows written
-- before this migration keep NULL and are listed with length(text).
ALTER TABLE documents ADD COLUMN text_units INTEGER;
