// Schemas (spec: Schema): `name` and `fields`, each field a type, optional required /
// requires_human / enum, and ordered extractors. Any other shape is refused by name
// with the JSON path of the offending key.
import { EINVOICE_FIELDS, type EinvoiceField } from './einvoice.ts';
import { DefinitionError } from './errors.ts';
import { PRINTED_FIELDS, type PrintedField } from './printed/index.ts';
import { compileRegex, RegexBudget, type SafeRegex } from './regex.ts';
import { FIELD_TYPES, type FieldType } from './validate.ts';

export type Extractor =
  | { kind: 'labeled_value'; labels: string[] }
  | { kind: 'regex'; pattern: string }
  | { kind: 'mailbox'; source: 'from' | 'to' | 'reply_to'; part: 'address' | 'name' | 'domain' }
  | { kind: 'header'; name: string }
  | { kind: 'constant'; value: unknown }
  | { kind: 'einvoice'; field: EinvoiceField }
  | { kind: 'printed'; field: PrintedField };

export interface FieldDef {
  type: FieldType;
  required?: boolean;
  requires_human?: boolean;
  enum?: (string | number | boolean)[];
  extract: Extractor[];
}

export interface Schema {
  name: string;
  fields: Record<string, FieldDef>;
}

export type CompiledExtractor = Extractor & { regex?: SafeRegex };

export interface CompiledField extends FieldDef {
  name: string;
  compiled: CompiledExtractor[];
}

export interface CompiledSchema {
  schema: Schema;
  fields: CompiledField[];
}

const EXTRACTOR_KEYS: Record<Extractor['kind'], string[]> = {
  labeled_value: ['labels'],
  regex: ['pattern'],
  mailbox: ['source', 'part'],
  header: ['name'],
  constant: ['value'],
  einvoice: ['field'],
  printed: ['field'],
};

function fail(path: string, message: string): never {
  throw new DefinitionError('invalid_schema', path, message);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function onlyKeys(obj: Record<string, unknown>, allowed: string[], path: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) fail(`${path}.${key}`, `unknown key; allowed here: ${allowed.join(', ')}`);
  }
}

function compileExtractor(raw: unknown, path: string, budget: RegexBudget | null): CompiledExtractor {
  if (!isObject(raw))
    fail(path, 'expected an extractor object such as {kind: "labeled_value", labels: ["Invoice No"]}');
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(kind in EXTRACTOR_KEYS)) {
    fail(`${path}.kind`, `expected one of ${Object.keys(EXTRACTOR_KEYS).join(', ')}`);
  }
  onlyKeys(raw, ['kind', ...EXTRACTOR_KEYS[kind as Extractor['kind']]], path);
  switch (kind as Extractor['kind']) {
    case 'labeled_value': {
      const labels = raw.labels;
      if (!Array.isArray(labels) || labels.length === 0 || labels.length > 50)
        fail(`${path}.labels`, 'expected 1 to 50 label strings');
      labels.forEach((l, i) => {
        if (typeof l !== 'string' || l.trim() === '' || l.length > 100)
          fail(`${path}.labels[${i}]`, 'expected a label of 1 to 100 characters');
      });
      return { kind: 'labeled_value', labels: labels as string[] };
    }
    case 'regex': {
      const regex = compileRegex(raw.pattern, `${path}.pattern`, {
        needsValueGroup: true,
        ...(budget ? { budget } : {}),
      });
      return { kind: 'regex', pattern: raw.pattern as string, regex };
    }
    case 'mailbox': {
      if (!['from', 'to', 'reply_to'].includes(raw.source as string))
        fail(`${path}.source`, 'expected from, to or reply_to');
      if (!['address', 'name', 'domain'].includes(raw.part as string))
        fail(`${path}.part`, 'expected address, name or domain');
      return { kind: 'mailbox', source: raw.source as 'from', part: raw.part as 'address' };
    }
    case 'header':
      if (typeof raw.name !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(raw.name))
        fail(`${path}.name`, 'expected a header name such as "X-Order-Id"');
      return { kind: 'header', name: raw.name };
    case 'constant':
      if (!('value' in raw) || raw.value === undefined || raw.value === null) fail(`${path}.value`, 'expected a value');
      return { kind: 'constant', value: raw.value };
    case 'einvoice':
      if (!EINVOICE_FIELDS.includes(raw.field as EinvoiceField))
        fail(`${path}.field`, `expected one of ${EINVOICE_FIELDS.join(', ')}`);
      return { kind: 'einvoice', field: raw.field as EinvoiceField };
    case 'printed':
      if (!PRINTED_FIELDS.includes(raw.field as PrintedField))
        fail(`${path}.field`, `expected one of ${PRINTED_FIELDS.join(', ')}`);
      return { kind: 'printed', field: raw.field as PrintedField };
  }
}

/** `budget` as for compileRule: limits the schema's regexes when saved or dry-run; null for a stored schema. */
export function compileSchema(
  raw: unknown,
  path = 'schema',
  budget: RegexBudget | null = new RegexBudget('schema'),
): CompiledSchema {
  if (!isObject(raw)) fail(path, 'expected {name, fields}');
  onlyKeys(raw, ['name', 'fields'], path);
  if (typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > 80)
    fail(`${path}.name`, 'expected a name of 1 to 80 characters');
  if (!isObject(raw.fields) || Object.keys(raw.fields).length === 0)
    fail(`${path}.fields`, 'expected an object mapping field names to definitions');
  const entries = Object.entries(raw.fields);
  if (entries.length > 100) fail(`${path}.fields`, 'at most 100 fields');
  const fields: CompiledField[] = entries.map(([name, def]) => {
    const at = `${path}.fields.${name}`;
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(name))
      fail(at, 'field names are lower case letters, digits and _ (start with a letter, up to 64)');
    if (!isObject(def)) fail(at, 'expected {type, extract, required?, requires_human?, enum?}');
    onlyKeys(def, ['type', 'required', 'requires_human', 'enum', 'extract'], at);
    if (!FIELD_TYPES.includes(def.type as FieldType)) fail(`${at}.type`, `expected one of ${FIELD_TYPES.join(', ')}`);
    for (const flag of ['required', 'requires_human'] as const) {
      if (def[flag] !== undefined && typeof def[flag] !== 'boolean') fail(`${at}.${flag}`, 'expected true or false');
    }
    if (def.enum !== undefined) {
      if (!Array.isArray(def.enum) || def.enum.length === 0 || def.enum.length > 500)
        fail(`${at}.enum`, 'expected 1 to 500 values');
      def.enum.forEach((v, i) => {
        if (!['string', 'number', 'boolean'].includes(typeof v))
          fail(`${at}.enum[${i}]`, 'expected a string, number or boolean');
      });
    }
    if (!Array.isArray(def.extract) || def.extract.length > 20)
      fail(`${at}.extract`, 'expected a list of up to 20 extractors (may be empty)');
    const compiled = def.extract.map((x, i) => compileExtractor(x, `${at}.extract[${i}]`, budget));
    const field: CompiledField = {
      name,
      type: def.type as FieldType,
      extract: compiled.map(({ regex: _r, ...x }) => x as Extractor),
      compiled,
      ...(def.required !== undefined ? { required: def.required as boolean } : {}),
      ...(def.requires_human !== undefined ? { requires_human: def.requires_human as boolean } : {}),
      ...(def.enum !== undefined ? { enum: def.enum as (string | number | boolean)[] } : {}),
    };
    return field;
  });
  const schema: Schema = {
    name: raw.name,
    fields: Object.fromEntries(fields.map(({ name, compiled: _c, ...def }) => [name, def])),
  };
  return { schema, fields };
}
