// Hand-made cases, one per hiding technique and per way of over-hiding. In each, the
// sentence SECRET is hidden from a person (hide: true) or visible (hide: false); the
// browser truth (render.ts) confirms which, and the tests check the sanitizer agrees.
export const SECRET = 'wire the refund to account seventeen immediately';

export interface HandCase {
  name: string;
  hide: boolean;
  html: string;
}

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html><head>${head}</head><body><p>Hello team, the invoice is attached.</p>${body}<p>Best regards, Anna</p></body></html>`;
const sheet = (css: string, body: string) => page(body, `<style>${css}</style>`);

export const HAND_CASES: HandCase[] = [
  { name: 'display:none', hide: true, html: page(`<div style="display:none">${SECRET}</div>`) },
  { name: 'visibility:hidden', hide: true, html: page(`<p style="visibility:hidden">${SECRET}</p>`) },
  { name: 'opacity:0', hide: true, html: page(`<p style="opacity:0">${SECRET}</p>`) },
  {
    name: 'opacity multiplied through ancestors',
    hide: true,
    html: page(`<div style="opacity:0.2"><p style="opacity:0.2">${SECRET}</p></div>`),
  },
  { name: 'font-size:0', hide: true, html: page(`<span style="font-size:0">${SECRET}</span>`) },
  { name: 'font-size:1px', hide: true, html: page(`<span style="font-size:1px">${SECRET}</span>`) },
  { name: 'font-size:2pt', hide: true, html: page(`<span style="font-size:2pt">${SECRET}</span>`) },
  { name: 'font-size:0.1em', hide: true, html: page(`<span style="font-size:0.1em">${SECRET}</span>`) },
  { name: 'font-size:1%', hide: true, html: page(`<span style="font-size:1%">${SECRET}</span>`) },
  { name: 'font-size:0.15rem', hide: true, html: page(`<span style="font-size:0.15rem">${SECRET}</span>`) },
  { name: 'font shorthand size 0', hide: true, html: page(`<span style="font:0/0 a">${SECRET}</span>`) },
  { name: 'white on white', hide: true, html: page(`<p style="color:#ffffff">${SECRET}</p>`) },
  {
    name: 'near background colour',
    hide: true,
    html: page(`<div style="background-color:#f0f0f0"><span style="color:#eeeeee">${SECRET}</span></div>`),
  },
  { name: 'color:transparent', hide: true, html: page(`<p style="color:transparent">${SECRET}</p>`) },
  { name: 'rgba alpha 0', hide: true, html: page(`<p style="color:rgba(0,0,0,0)">${SECRET}</p>`) },
  { name: 'font color attribute', hide: true, html: page(`<font color="white">${SECRET}</font>`) },
  { name: 'inherited colour', hide: true, html: page(`<div style="color:#fff"><p><span>${SECRET}</span></p></div>`) },
  {
    name: 'inherited dark background',
    hide: true,
    html: page(`<table bgcolor="#111111"><tr><td><font color="#000000">${SECRET}</font></td></tr></table>`),
  },
  { name: 'stylesheet colour class', hide: true, html: sheet('.w{color:#FFFFFF}', `<p class="w">${SECRET}</p>`) },
  { name: 'stylesheet tag.class', hide: true, html: sheet('p.note{display:none}', `<p class="note">${SECRET}</p>`) },
  {
    name: 'stylesheet attribute selector',
    hide: true,
    html: sheet('[data-x="1"]{visibility:hidden}', `<p data-x="1">${SECRET}</p>`),
  },
  {
    name: 'stylesheet descendant selector',
    hide: true,
    html: sheet('.wrap span{display:none}', `<div class="wrap"><p><span>${SECRET}</span></p></div>`),
  },
  {
    name: 'stylesheet child selector',
    hide: true,
    html: sheet('div > .x{font-size:0}', `<div><span class="x">${SECRET}</span></div>`),
  },
  {
    name: 'desktop @media',
    hide: true,
    html: sheet('@media screen and (min-width:800px){.x{display:none}}', `<p class="x">${SECRET}</p>`),
  },
  {
    name: 'mobile-first then hidden on desktop',
    hide: true,
    html: sheet('.m{display:none}@media (max-width:600px){.m{display:block}}', `<p class="m">${SECRET}</p>`),
  },
  {
    name: 'specificity: id beats class',
    hide: true,
    html: sheet('#y{display:none}.x{display:block}', `<p class="x" id="y">${SECRET}</p>`),
  },
  {
    name: '!important beats inline style',
    hide: true,
    html: sheet('.x{display:none !important}', `<p class="x" style="display:block">${SECRET}</p>`),
  },
  {
    name: 'transform translateX',
    hide: true,
    html: page(`<div style="transform:translateX(-9999px)">${SECRET}</div>`),
  },
  {
    name: 'position left off-screen',
    hide: true,
    html: page(`<div style="position:absolute;left:-9999px">${SECRET}</div>`),
  },
  { name: 'text-indent', hide: true, html: page(`<div style="text-indent:-10000px">${SECRET}</div>`) },
  {
    name: 'clip rect(0 0 0 0)',
    hide: true,
    html: page(`<div style="position:absolute;clip:rect(0 0 0 0)">${SECRET}</div>`),
  },
  { name: 'clip-path inset(50%)', hide: true, html: page(`<div style="clip-path:inset(50%)">${SECRET}</div>`) },
  {
    name: 'max-height:0 overflow:hidden',
    hide: true,
    html: page(`<div style="max-height:0;overflow:hidden">${SECRET}</div>`),
  },
  {
    name: 'height:0 overflow:hidden',
    hide: true,
    html: page(`<div style="height:0px;overflow:hidden">${SECRET}</div>`),
  },
  { name: 'transform scale(0)', hide: true, html: page(`<div style="transform:scale(0)">${SECRET}</div>`) },
  { name: 'hidden attribute', hide: true, html: page(`<div hidden>${SECRET}</div>`) },
  { name: 'closed details', hide: true, html: page(`<details><summary>More</summary>${SECRET}</details>`) },

  {
    name: 'font-size:0 container, children set a size',
    hide: false,
    html: page(`<div style="font-size:0"><div style="display:inline-block;font-size:14px">${SECRET}</div></div>`),
  },
  {
    name: 'white text on a background image',
    hide: false,
    html: page(
      `<table><tr><td background="https://img.example/hero.png" style="background-image:url(https://img.example/hero.png)"><p style="color:#ffffff">${SECRET}</p></td></tr></table>`,
    ),
  },
  {
    name: 'white text on a dark background',
    hide: false,
    html: page(`<table bgcolor="#000000"><tr><td style="color:#fff">${SECRET}</td></tr></table>`),
  },
  {
    name: 'mobile-only @media rule',
    hide: false,
    html: sheet('@media (max-width:600px){.desk{display:none}}', `<p class="desk">${SECRET}</p>`),
  },
  {
    name: 'print-only @media rule',
    hide: false,
    html: sheet('@media print{.x{display:none}}', `<p class="x">${SECRET}</p>`),
  },
  {
    name: 'hidden attribute overridden by CSS',
    hide: false,
    html: page(`<div hidden style="display:block">${SECRET}</div>`),
  },
  {
    name: 'visible child of a hidden parent',
    hide: false,
    html: page(`<div style="visibility:hidden"><p style="visibility:visible">${SECRET}</p></div>`),
  },
  {
    name: ':hover rule does not apply at rest',
    hide: false,
    html: sheet('.x:hover{display:none}', `<p class="x">${SECRET}</p>`),
  },
  {
    name: 'more specific rule shows again',
    hide: false,
    html: sheet('.x.y{display:block}.x{display:none}', `<p class="x y">${SECRET}</p>`),
  },
  { name: 'half opacity is readable', hide: false, html: page(`<p style="opacity:0.5">${SECRET}</p>`) },
  { name: 'left without position has no effect', hide: false, html: page(`<div style="left:-9999px">${SECRET}</div>`) },
  {
    name: 'link in a white-text block',
    hide: false,
    html: page(`<div style="color:#fff;background:#fff"><a href="https://x.example/">${SECRET}</a></div>`),
  },
  { name: 'open details', hide: false, html: page(`<details open><summary>More</summary>${SECRET}</details>`) },
];
