// What the capture screens share with the MCP App view: a field's schema facts, reading a
// typed value back from what a person typed, and the sources of fields per document.

/** The bucket's schema fields ({type, required, ...}) by name; starters are read from list_starters. */
export function schemaFields(schema, starters) {
  if (!schema) return {};
  if (typeof schema === 'string') {
    const starter = starters?.find((s) => s.ref === schema);
    return starter?.schema.fields ?? {};
  }
  return schema.fields ?? {};
}

/** The value to send to correct_field for what was typed, by the field's declared type. */
export function typedValue(text, type) {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (type === 'number' || type === 'integer') {
    const n = Number(trimmed.replace(/,(?=\d{1,2}$)/, '.'));
    return Number.isFinite(n) ? n : trimmed;
  }
  if (type === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed;
  if (type === 'string[]') {
    return trimmed
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return trimmed;
}

/** {document_id: [{field, start, end}]} for fields whose source is a span of a document. */
export function sourcesByDocument(fields) {
  const out = new Map();
  for (const [name, field] of Object.entries(fields)) {
    const source = field.source;
    if (!source || typeof source.start !== 'number' || !source.document_id) continue;
    if (!out.has(source.document_id)) out.set(source.document_id, []);
    out.get(source.document_id).push({ field: name, start: source.start, end: source.end });
  }
  return out;
}

/** Where a field's value came from, in words. */
export function sourceText(source, documents) {
  if (!source) return 'Not found in the message';
  if (source.corrected) return 'Corrected by a person';
  if (source.header) return `From the ${source.header} header`;
  if (source.constant) return 'A constant of the schema';
  const doc = documents?.find((d) => d.id === source.document_id);
  const name = doc
    ? doc.index === 0
      ? 'message body'
      : doc.filename || `document ${doc.index}`
    : `document ${source.document_index}`;
  return `From ${name}, characters ${source.start}–${source.end}`;
}
