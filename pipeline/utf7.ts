// UTF-7 (RFC 2152), which TextDecoder does not know. Runs of "+<modified base64>-" hold
// UTF-16BE code units; "+-" is a literal plus.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function decodeUtf7(input: string): string {
  return input.replace(/\+([A-Za-z0-9+/]*)-?/g, (match, run: string) => {
    if (run === '') return match === '+-' ? '+' : match;
    let bits = 0;
    let value = 0;
    const units: number[] = [];
    for (const ch of run) {
      value = (value << 6) | BASE64.indexOf(ch);
      bits += 6;
      if (bits >= 16) {
        bits -= 16;
        units.push((value >> bits) & 0xffff);
      }
    }
    return String.fromCharCode(...units);
  });
}

/** The message declares UTF-7 somewhere (a charset parameter or an RFC 2047 word). */
export function declaresUtf7(rawHead: string): boolean {
  return /charset\s*=\s*"?(?:unicode-1-1-)?utf-7\b|=\?(?:unicode-1-1-)?utf-7\?/i.test(rawHead);
}
