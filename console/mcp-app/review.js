// The review view for MCP hosts (MCP Apps): rendered in the chat when get_capture or
// get_task is called, it shows the capture's fields with their confidence, issues and
// sources, and lets a person correct a field and approve; every action is a tool call
// through the host (correct_field, approve_capture, get_capture, get_document_text), so
// the agent's key and scopes apply. Email content is text only, as in the console.
import { App } from '@modelcontextprotocol/ext-apps/app-with-deps';
import { markedText } from '../document-text.js';
import { h, percent, show, uid, valueText } from '../dom.js';
import { sourcesByDocument, sourceText, typedValue } from '../fields.js';

const app = new App({ name: 'inbound-capture-review', version: '1.0.0' });
const main = document.getElementById('main');
/** The tenant the host's call named, passed on to every call the view makes. */
let tenant;

async function call(name, args) {
  const result = await app.callServerTool({ name, arguments: tenant ? { ...args, tenant } : args });
  const body = result.structuredContent;
  if (result.isError) throw new Error(body?.error?.message ?? `${name} failed`);
  return body;
}

function issueList(issues) {
  return issues.length
    ? h(
        'ul',
        { class: 'issues' },
        issues.map((i) => h('li', {}, `${i.code}: ${i.message}`)),
      )
    : '—';
}

async function render(capture, said) {
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'status' }, said ?? '');
  const waiting = capture.status === 'held' || capture.status === 'task';
  const rows = Object.entries(capture.fields).map(([name, field]) => {
    const inputId = uid('field');
    const input = h('input', { id: inputId, type: 'text', value: valueText(field.value), dataset: { field: name } });
    const reason = h('input', { type: 'text', 'aria-label': `Reason for correcting ${name}`, placeholder: 'Reason' });
    const issues = capture.issues.filter((i) => i.field === name);
    const save = async (event) => {
      event.preventDefault();
      status.textContent = `Saving ${name}…`;
      try {
        const type = typeof field.value === 'number' ? 'number' : 'string';
        await call('correct_field', {
          id: capture.id,
          field: name,
          value: typedValue(input.value, type),
          ...(reason.value.trim() ? { reason: reason.value.trim() } : {}),
        });
        await render(await call('get_capture', { id: capture.id }), `Saved ${name}.`);
      } catch (error) {
        status.textContent = `Could not save ${name}: ${error.message}`;
      }
    };
    return h(
      'tr',
      { class: issues.length ? 'has-issues' : null },
      h(
        'th',
        { scope: 'row' },
        h('label', { for: inputId }, name),
        h('div', { class: 'source-cell' }, sourceText(field.source, null)),
      ),
      h(
        'td',
        {},
        h('form', { class: 'correct', onSubmit: save }, input, reason, h('button', { type: 'submit' }, `Save ${name}`)),
      ),
      h('td', { class: 'confidence' }, percent(field.confidence)),
      h('td', {}, issueList(issues)),
    );
  });
  const approve = async () => {
    status.textContent = 'Approving…';
    try {
      await call('approve_capture', { id: capture.id });
      await render(await call('get_capture', { id: capture.id }), 'Approved: the capture is applied.');
    } catch (error) {
      status.textContent = `Not approved: ${error.message}`;
    }
  };
  const documents = [];
  for (const [documentId, ranges] of sourcesByDocument(capture.fields)) {
    try {
      const doc = await call('get_document_text', { id: documentId, max_chars: 20_000 });
      const name = doc.index === 0 ? 'Message body' : doc.filename || `Attachment ${doc.index}`;
      documents.push(
        h(
          'section',
          { class: 'document', 'aria-label': `Document: ${name}` },
          h('h3', {}, name),
          h('pre', { class: 'doc-text', tabindex: '0' }, markedText(doc.text, ranges)),
        ),
      );
    } catch (error) {
      documents.push(h('p', {}, `The document could not be read: ${error.message}`));
    }
  }
  show(
    main,
    h('h1', {}, `Capture ${capture.id}`),
    h(
      'p',
      {},
      `${capture.bucket.name} · `,
      h('span', { 'data-testid': 'capture-status' }, capture.status),
      ` · ${capture.reason}`,
    ),
    status,
    waiting ? h('button', { type: 'button', class: 'primary', onClick: approve }, 'Approve capture') : null,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Field', 'Value', 'Confidence', 'Issues'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h('tbody', {}, rows),
    ),
    documents,
  );
}

async function showResult(result) {
  const body = result.structuredContent;
  if (result.isError || !body) {
    show(main, h('p', { role: 'alert' }, body?.error?.message ?? 'The tool call failed.'));
    return;
  }
  // get_capture gives the capture; get_task gives a task that may point at one.
  if (body.fields) return render(body);
  if (body.capture_id) return render(await call('get_capture', { id: body.capture_id }));
  show(main, h('p', {}, `Task ${body.id}: ${body.kind}, ${body.reason}. It has no capture to review.`));
}

app.ontoolinput = (params) => {
  tenant = typeof params.arguments?.tenant === 'string' ? params.arguments.tenant : undefined;
};
app.ontoolresult = (result) => {
  showResult(result).catch((error) => show(main, h('p', { role: 'alert' }, error.message)));
};
app.connect().catch((error) => show(main, h('p', { role: 'alert' }, `Not connected to the host: ${error.message}`)));
