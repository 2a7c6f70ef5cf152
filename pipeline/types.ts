// The data that flows through the pipeline stages. Plain objects only: stages take
// these and return these, with no storage or network in between.

export type Flag =
  | 'unexpected_sender' | 'hidden_text' | 'script_removed' | 'zero_width_chars' | 'bidi_override'
  | 'spf_fail' | 'dkim_fail' | 'dmarc_fail' | 'relationship_leak' | 'daily_cap_reached'
  | 'attachment_unreadable' | 'truncated' | 'einvoice_mismatch';

export interface Mailbox {
  name: string;
  address: string;
}

export interface HeaderField {
  /** lower case */
  name: string;
  value: string;
}

export interface ParsedAttachment {
  filename: string | null;
  mimeType: string;
  disposition: 'attachment' | 'inline' | null;
  contentId: string | null;
  bytes: Uint8Array;
}

export interface ParsedMessage {
  headers: HeaderField[];
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  /** ISO 8601, or null when the Date header is missing or unreadable. */
  date: string | null;
  messageId: string | null;
  text: string | null;
  html: string | null;
  attachments: ParsedAttachment[];
  flags: Flag[];
  /** Why the message is incomplete, when `truncated` is flagged. */
  notes: string[];
}

export type AuthVerdict = 'pass' | 'fail' | 'none' | 'softfail' | 'neutral' | 'temperror' | 'permerror' | 'policy';

export interface AuthResults {
  spf: AuthVerdict;
  dkim: AuthVerdict;
  dmarc: AuthVerdict;
  /** ARC chain verdict, for SMTP mail (pass, fail, none). */
  arc?: string;
  /** true when the values were supplied by the caller (sandbox ingest), not verified. */
  synthetic: boolean;
}

export interface Document {
  /** Position in the message's document list; stored documents get an id per index. */
  index: number;
  kind: 'body' | 'attachment';
  filename: string | null;
  mime_type: string;
  size_bytes: number;
  /** Extracted text; field source offsets point into it. */
  text: string;
  /** The text was cut at the per-document limit. */
  truncated: boolean;
  /** Why no text could be read, for types we read (PDF, DOCX, text, ...). */
  unreadable: string | null;
}

/** What classification and extraction look at: the sanitized, agent-safe view. */
export interface MessageView {
  /** The sender rules and extractors see: the original sender for trusted forwarded mail. */
  from: Mailbox | null;
  /** The forwarder, when `from` was taken from forwarded content. */
  forwardedBy?: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  headers: HeaderField[];
  /** Envelope recipients (the ingest `to`, or the SMTP RCPT TO). */
  recipients: string[];
  documents: Document[];
  auth: AuthResults | null;
}
