// The data that flows through the pipeline stages. Plain objects only: stages take
// these and return these, with no storage or network in between.

export type Flag =
  | 'unexpected_sender'
  | 'hidden_text'
  | 'script_removed'
  | 'zero_width_chars'
  | 'bidi_override'
  | 'spf_fail'
  | 'dkim_fail'
  | 'dmarc_fail'
  | 'relationship_leak'
  | 'daily_cap_reached'
  | 'attachment_unreadable'
  | 'truncated'
  | 'analysis_limit'
  | 'alternative_mismatch'
  | 'einvoice_mismatch'
  | 'invisible_chars'
  | 'sender_ambiguous';

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
  /** The name as it may be shown (pipeline/filename.ts): no controls, invisible characters or path. */
  filename: string | null;
  /** The name as the sender wrote it, when it differs from `filename` (hidden characters spelled out). */
  originalFilename: string | null;
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
  /** Why the message is incomplete, when `truncated` is flagged; why the sender is ambiguous. */
  notes: string[];
  /** Why the From header does not name one sender plainly (flagged `sender_ambiguous`); null when it does. */
  fromAmbiguity: string | null;
  /**
   * The body without the messages attached to it (message/rfc822 parts), when they were read
   * into `text`/`html` (a part without Content-Disposition is shown inline, as mail clients
   * do): the sender's own words end where they begin.
   */
  ownBody?: {
    text: string | null;
    html: string | null;
    /** The raw messages that were read inline, for what only an attached message says (a forward's sender). */
    attachedMessages: Uint8Array[];
  };
}

export type AuthVerdict = 'pass' | 'fail' | 'none' | 'softfail' | 'neutral' | 'temperror' | 'permerror' | 'policy';

export interface AuthResults {
  /** The verdicts flags and the `auth` rule predicate use: for trusted-forwarder mail, the forwarder's. */
  spf: AuthVerdict;
  dkim: AuthVerdict;
  dmarc: AuthVerdict;
  /** ARC chain verdict, for SMTP mail (pass, fail, none). */
  arc?: string;
  /** true when the values were supplied by the caller (sandbox ingest), not verified. */
  synthetic: boolean;
  /** What each check looked at and found (verified SMTP mail; absent on supplied or older results). */
  details?: AuthDetails;
  /** Mail from a trusted forwarder: who it was, and whether the original sender's domain is verified. */
  forwarded?: ForwardedAuth;
}

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

export interface AuthDetails {
  /** The envelope (MAIL FROM, else HELO) domain SPF was checked for. */
  spf: { result: AuthVerdict; domain: string | null };
  /** One entry per DKIM signature. */
  dkim: { result: AuthVerdict; domain: string; selector: string }[];
  /** The header From domain DMARC was evaluated for, and its published policy. */
  dmarc: { result: AuthVerdict; domain: string | null; policy: DmarcPolicy | null };
  /** The newest ARC seal's domain, and what it recorded for the message when it sealed it. */
  arc: { result: string; sealer: string | null; sealed_dmarc: string | null; sealed_from_domain: string | null };
}

export interface ForwardedAuth {
  /** The trusted forwarder the mail came through (its address or domain). */
  forwarder: string;
  /** The original sender's domain, when the message names one. */
  original_domain: string | null;
  /** Whether anything vouches for the original sender: its own DMARC pass, or the forwarder's valid ARC seal. */
  original_verified: boolean;
  verified_by: 'dmarc' | 'arc' | null;
}

/** Lines [from, to) of a body text that quote earlier mail; weak: a plain <blockquote>, history only under an attribution or at the end. */
export interface QuoteRange {
  from: number;
  to: number;
  weak?: boolean;
}

export interface Document {
  /** Position in the message's document list; stored documents get an id per index. */
  index: number;
  kind: 'body' | 'attachment';
  filename: string | null;
  /** The attachment's name as the sender wrote it, when it differs from `filename`. */
  original_filename?: string | null;
  mime_type: string;
  size_bytes: number;
  /** Extracted text; field source offsets point into it. */
  text: string;
  /** The text was cut at the per-document limit. */
  truncated: boolean;
  /** Why no text could be read, for types we read (PDF, DOCX, text, ...). */
  unreadable: string | null;
  /** The body's lines the HTML marks as quoted history (reply_text reads them); absent when none. */
  quoted?: QuoteRange[];
  /**
   * The HTML body's inline images with a short alt text (a card scheme's logo), by the offset in
   * `text` of what follows them. Extraction reads them; the text does not show them, as a mail
   * client shows the image and not the word. Not stored: every extraction reads the message anew.
   */
  icons?: InlineIcon[];
}

export interface InlineIcon {
  offset: number;
  alt: string;
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
