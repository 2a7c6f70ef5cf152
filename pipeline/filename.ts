// Attachment names as they may be shown to an agent or a person. A name is the sender's
// text: it can hold a path ("../../etc/passwd"), a CR LF, a right-to-left override that
// turns "\u202Efdp.exe" into what reads as "exe.pdf", or a percent-encoded NUL that a
// consumer decoding it would cut at ("invoice.pdf%00.exe" -> "invoice.pdf"). The shown name
// is the last path part, percent-decoded, with controls made visible as '_', invisible and
// bidi characters removed (and flagged as in body text), so its real extension is always
// its end. The original, when it differs, is kept apart with every hidden character spelled
// out as <U+XXXX>.
import { stripInvisible } from './invisible.ts';
import type { Flag } from './types.ts';

/** Longer names keep their start and their extension. */
export const MAX_FILENAME_CHARS = 255;

const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * %XX sequences decoded as UTF-8 (twice at most: "%2500" hides "%00" one level down); a
 * sequence that is not UTF-8 stays as written.
 */
function percentDecoded(name: string): string {
  let out = name;
  for (let round = 0; round < 2 && ESCAPES.test(out); round++) {
    ESCAPES.lastIndex = 0;
    out = out.replace(ESCAPES, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  ESCAPES.lastIndex = 0;
  return out;
}

function lastPathPart(name: string): string {
  const cut = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  return cut >= 0 ? name.slice(cut + 1) : name;
}

function capped(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return `${chars.slice(0, MAX_FILENAME_CHARS - [...ext].length - 1).join('')}…${ext}`;
}

/** The name as it may be shown, or null when nothing of it is left (a bare path, "..", only controls). */
export function safeFilename(name: string, flags: Set<Flag>): string | null {
  let out = stripInvisible(percentDecoded(name).normalize('NFC'), flags);
  out = lastPathPart(out.replace(CONTROL, '_'));
  // Windows drops trailing dots and spaces ("invoice.exe. " opens as invoice.exe).
  out = out.trim();
  let end = out.length;
  while (end > 0 && (out[end - 1] === '.' || out[end - 1] === ' ')) end--;
  out = out.slice(0, end);
  if (out === '' || /^\.+$/.test(out) || /^_+$/.test(out)) return null;
  return capped(out);
}

const HIDDEN = /[\p{Cc}\u2028\u2029\p{Default_Ignorable_Code_Point}]/gu;

/** The name as written, every control, bidi or invisible character spelled out (<U+202E>). */
export function spelledOut(name: string): string {
  return name.replace(HIDDEN, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}
