// HTML read as a browser's tree (parse5), and hostile markup that used to stall or crash
// the sanitizer: each case asserts the text a person would see.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { sanitizeHtml, tidy } from '../../pipeline/sanitize.ts';

describe('browser tree construction', () => {
  it.each([
    ['upper-case void tag', '<META name="x" content="y"><p>Hello</p>', 'Hello'],
    [
      'mismatched head case',
      '<html><Head><TITLE>Subject</TITLE></head><BODY><P>Body text</P></BODY></html>',
      'Body text',
    ],
    ['head never closed', '<html><head><title>x</title><meta charset="utf-8"><body><p>Body text</p>', 'Body text'],
    [
      'xml declaration and Word namespace',
      '<?xml version="1.0" encoding="utf-8"?><html><body>' +
        '<?xml:namespace prefix = o ns = "urn:schemas-microsoft-com:office:office" /><p>Word text<o:p></o:p></p></body></html>',
      'Word text',
    ],
    ['misnested inline tags', '<p><b>bold <i>both</b> italic</i> plain</p>', 'bold both italic plain'],
    ['unclosed paragraphs and cells', '<table><tr><td>a<td>b<tr><td>c</table><p>one<p>two', 'a | b\nc\n\none\n\ntwo'],
    ['template is not rendered', '<p>a</p><template><p>TEMPLATE</p></template>', 'a'],
    ['noscript shows with scripting off', '<p>a</p><noscript><p>no script</p></noscript>', 'a\n\nno script'],
    ['entities decoded once', '<p>&amp;lt; &eacute;t&eacute; &#8364;5 &nbsp;x</p>', '&lt; été €5 x'],
    ['downlevel-revealed conditional comment', '<![if !supportLists]><span>1.</span><![endif]> Item', '1. Item'],
  ])('%s', (_name, html, text) => {
    expect(sanitizeHtml(html).text).toBe(text);
  });
});

describe('hostile markup is read in linear time without recursion', () => {
  it('2,000 nested elements', () => {
    const html = `${'<div>'.repeat(2000)}deep text${'</div>'.repeat(2000)}`;
    expect(sanitizeHtml(html).text).toBe('deep text');
  });

  it('a whole message nested 2,000 deep (was a stack overflow: HTTP 500, SMTP 451)', async () => {
    const html = `${'<div><span>'.repeat(2000)}deep body${'</span></div>'.repeat(2000)}`;
    const eml = `From: a@b.example\r\nSubject: deep\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}`;
    const analyzed = await analyzeMessage(eml);
    if (!analyzed.ok) throw new Error('refused');
    expect(analyzed.message.documents[0]!.text).toBe('deep body');
  });

  it('5,000 unclosed elements, and unclosed formatting tags', () => {
    expect(sanitizeHtml(`${'<div>'.repeat(5000)}unclosed text`).text).toBe('unclosed text');
    expect(sanitizeHtml(`${'<span><b><i><u>'.repeat(3000)}formatting text`).text).toBe('formatting text');
  });

  it('styles nested thousands deep still apply near the top', () => {
    const html = `<div style="display:none">secret words here</div>${'<div>'.repeat(3000)}bottom`;
    const r = sanitizeHtml(html);
    expect(r.text).toBe('bottom');
    expect(r.hidden).toEqual([{ reason: 'display:none', text: 'secret words here' }]);
  });

  it('a paragraph of empty table-cell pipes (was exponential in tidy)', () => {
    expect(sanitizeHtml(`<p>${'| '.repeat(26)}x</p>`).text).toBe(`${'| '.repeat(26)}x`);
    expect(tidy(`a${' | '.repeat(50_000)}`)).toBe('a');
    expect(sanitizeHtml(`<table><tr><td>a</td>${'<td></td>'.repeat(5000)}</tr></table>`).text).toBe('a');
  });

  it('tidy collapses exactly the characters /\\s/ matches, for every UTF-16 code unit past ASCII', () => {
    const wrong: string[] = [];
    for (let code = 0x80; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      const expected = /\s/.test(ch) ? 'a b' : `a${ch}b`;
      if (tidy(`a${ch}b`) !== expected) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('a 120 KB unterminated <style> (was quadratic) swallows the rest, as in a browser', () => {
    expect(sanitizeHtml(`<p>before</p><style>${'a'.repeat(120_000)}<p>after`).text).toBe('before');
    expect(sanitizeHtml(`<style>${'a'.repeat(120_000)}</style><p>after</p>`).text).toBe('after');
    expect(sanitizeHtml(`<style>${'a{'.repeat(20_000)}</style><p>after</p>`).text).toBe('after');
  });

  it('long whitespace runs without block markers', () => {
    expect(sanitizeHtml(`<p>a${' '.repeat(200_000)}b</p>`).text).toBe('a b');
    expect(tidy(`a${' \u00a0'.repeat(100_000)}b`)).toBe('a b');
  });

  it('a stylesheet built to be costly to match', () => {
    const rules = Array.from({ length: 4000 }, (_, i) => `.c${i} div{color:red}`).join('\n');
    const html = `<style>${rules} ${'* '.repeat(11)}{display:block}</style>${'<div class="c1">x'.repeat(300)}`;
    const r = sanitizeHtml(html);
    expect(r.text.split('\n')).toEqual(Array(300).fill('x'));
  });
});
