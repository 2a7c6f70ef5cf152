// Building the page without HTML strings: every string becomes a text node, so nothing a
// sender wrote (subject, names, file names, text) can become markup or script. There is
// no innerHTML anywhere in the console.

const SVG = 'http://www.w3.org/2000/svg';

function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

function setProps(node, props) {
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (name === 'value' || name === 'checked') {
      node[name] = value;
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
}

/** h('button', {type: 'button', onClick}, 'Approve'): an element with its attributes and children. */
export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  setProps(node, props);
  append(node, children);
  return node;
}

/** An SVG element, the same way. */
export function s(tag, props, ...children) {
  const node = document.createElementNS(SVG, tag);
  setProps(node, props);
  append(node, children);
  return node;
}

/** Replaces what `parent` shows. */
export function show(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/** A unique id for label/for and aria-describedby pairs. */
let counter = 0;
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function formatTime(iso) {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
}

export function percent(confidence) {
  return confidence === null || confidence === undefined ? '—' : `${Math.round(confidence * 100)}%`;
}

/** A value as a person reads it: text as is, anything else as JSON. */
export function valueText(value) {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
