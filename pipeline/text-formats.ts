// Attachments that are text already, decoded and laid out as readable lines: any text
// (UTF-8, else windows-1252), CSV rows and calendar (ICS) entries.
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/\r\n?/g, '\n');
  } catch {
    // Not UTF-8: windows-1252 is what such attachments almost always are.
    return new TextDecoder('windows-1252').decode(bytes).replace(/\r\n?/g, '\n');
  }
}

/** CSV rows rendered like table rows: "cell | cell". */
export function csvToText(csv: string): string {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      rows.at(-1)!.push(cell.trim());
      cell = '';
    } else if (ch === '\n') {
      rows.at(-1)!.push(cell.trim());
      cell = '';
      rows.push([]);
    } else if (ch !== '\r') cell += ch;
  }
  rows.at(-1)!.push(cell.trim());
  return rows
    .filter((r) => r.some((c) => c !== ''))
    .map((r) => r.join(' | '))
    .join('\n');
}

const ICS_FIELDS: Record<string, string> = {
  SUMMARY: 'Summary',
  DTSTART: 'Start',
  DTEND: 'End',
  LOCATION: 'Location',
  ORGANIZER: 'Organizer',
  DESCRIPTION: 'Description',
  STATUS: 'Status',
  UID: 'UID',
};

/** Calendar attachments as summary lines ("Summary: ...", "Start: ..."). */
export function icsToText(ics: string): string {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const lines: string[] = [];
  for (const line of unfolded.split(/\r?\n/)) {
    const match = line.match(/^([A-Z-]+)(;[^:]*)?:(.*)$/);
    if (!match) continue;
    if (match[1] === 'BEGIN' && match[3] !== 'VCALENDAR') lines.push(`[${match[3]}]`);
    const label = ICS_FIELDS[match[1]!];
    if (label)
      lines.push(
        `${label}: ${match[3]!
          .replace(/\\n/gi, '\n')
          .replace(/\\([,;\\])/g, '$1')
          .replace(/^mailto:/i, '')}`,
      );
  }
  return lines.join('\n');
}
