// Limits inside each reader, so most bombs are cut short by the reader itself long
// before the worker's time or heap budget (services/analysis-pool.ts) has to stop them.
// docs/decisions.md says why each value is what it is.

export const READER_LIMITS = {
  /** Text kept per document (DESIGN.md: attachment text indexed up to 1 MiB). */
  documentTextMaxChars: 1024 * 1024,
  /** Inflated bytes of the one zip entry a reader needs (DOCX word/document.xml). */
  zipEntryMaxBytes: 16 * 1024 * 1024,
  /** Entries looked at in a zip container. */
  zipMaxEntries: 10_000,
  /** Bytes one PDF stream may decode to (content, font, form, object stream). */
  pdfStreamMaxBytes: 32 * 1024 * 1024,
  /** Bytes all the streams of one PDF may decode to together. */
  pdfDecodedMaxBytes: 64 * 1024 * 1024,
} as const;
