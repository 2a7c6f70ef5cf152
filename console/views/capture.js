// One capture: every field with its value, confidence, issues and whether it is required,
// corrected inline with a reason; beside them the documents with each field's source
// marked, and the original PDF with the value marked where it is printed. Approve, resolve
// or dismiss its tasks, and its deliveries and corrections.
import { ApiError, enc, get, post } from '../api.js';
import { markedText } from '../document-text.js';
import { formatTime, h, percent, show, uid, valueText } from '../dom.js';
import { schemaFields, sourcesByDocument, sourceText, typedValue } from '../fields.js';
import { pdfFigure } from '../pdf-view.js';

let starters = null;

/** A document's whole text (up to 400k characters), page by page. */
async function documentText(id) {
  let text = '';
  let offset = 0;
  let document = null;
  while (offset !== null && text.length < 400_000) {
    const page = await get(`/v1/documents/${enc(id)}`, { offset, max_chars: 20_000 });
    document = page;
    text += page.text;
    offset = page.next_offset;
  }
  return { ...document, text, partial: offset !== null };
}

function errorText(error) {
  if (!(error instanceof ApiError)) return String(error);
  const issues = error.details?.issues;
  return Array.isArray(issues) && issues.length
    ? `${error.message} (${issues.map((i) => `${i.field ?? i.path}: ${i.message}`).join('; ')})`
    : error.message;
}

export async function captureView(context, id) {
  const capture = await get(`/v1/captures/${enc(id)}`);
  const [message, bucket] = await Promise.all([
    get(`/v1/messages/${enc(capture.message_id)}`, { max_text_chars: 0 }),
    get(`/v1/buckets/${enc(capture.bucket.id)}`).catch(() => null),
  ]);
  if (typeof bucket?.schema === 'string' && !starters) starters = (await get('/v1/starters')).starters;
  const definitions = schemaFields(bucket?.schema, starters);
  const canPropose = context.scopes.has('propose');
  const canApprove = context.scopes.has('approve');
  const waiting = capture.status === 'held' || capture.status === 'task';
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'status' });
  const reload = async (said) => {
    const main = document.getElementById('main');
    show(main, await captureView(context, id));
    const again = main.querySelector('[role=status]');
    if (again && said) again.textContent = said;
  };

  const names = [...new Set([...Object.keys(definitions), ...Object.keys(capture.fields)])];
  const rows = names.map((name) => {
    const field = capture.fields[name] ?? { value: null, confidence: 0, raw: null, source: null };
    const definition = definitions[name] ?? {};
    const issues = capture.issues.filter((i) => i.field === name);
    const inputId = uid('field');
    const issuesId = uid('issues');
    const input = h('input', {
      id: inputId,
      type: 'text',
      value: valueText(field.value),
      readonly: !canPropose,
      'aria-invalid': issues.length ? 'true' : null,
      'aria-describedby': issues.length ? issuesId : null,
      dataset: { field: name },
    });
    const reason = h('input', { type: 'text', 'aria-label': `Reason for correcting ${name}`, placeholder: 'Reason' });
    const correct = async (event) => {
      event.preventDefault();
      status.textContent = `Saving ${name}…`;
      try {
        await post(`/v1/captures/${enc(id)}/fields/${enc(name)}`, {
          value: typedValue(input.value, definition.type),
          ...(reason.value.trim() ? { reason: reason.value.trim() } : {}),
        });
        await reload(`Saved ${name}.`);
      } catch (error) {
        status.textContent = `Could not save ${name}: ${errorText(error)}`;
      }
    };
    const form = canPropose
      ? h(
          'form',
          { class: 'correct', onSubmit: correct },
          input,
          reason,
          h('button', { type: 'submit' }, `Save ${name}`),
        )
      : input;
    return h(
      'tr',
      { class: issues.length ? 'has-issues' : null },
      h(
        'th',
        { scope: 'row' },
        h('label', { for: inputId }, name),
        definition.type ? h('div', { class: 'type' }, definition.type) : null,
        h('div', { class: 'source-cell' }, sourceText(field.source, message.documents)),
      ),
      h('td', {}, form),
      h(
        'td',
        { class: 'confidence' },
        h('meter', {
          min: 0,
          max: 1,
          low: 0.5,
          high: 0.85,
          optimum: 1,
          value: field.confidence,
          'aria-label': `Confidence of ${name}`,
        }),
        ` ${percent(field.confidence)}`,
      ),
      h('td', {}, definition.required ? 'Required' : 'Optional', definition.requires_human ? ', needs a person' : ''),
      h(
        'td',
        { id: issuesId },
        issues.length
          ? h(
              'ul',
              { class: 'issues' },
              issues.map((i) => h('li', {}, `${i.code}: ${i.message}`)),
            )
          : '—',
      ),
    );
  });

  const approveNote = h('input', {
    type: 'text',
    'aria-label': 'Note for the approval',
    placeholder: 'Note (optional)',
  });
  const approve = async (force) => {
    status.textContent = 'Approving…';
    try {
      await post(`/v1/captures/${enc(id)}/approve`, {
        ...(force ? { force: true } : {}),
        ...(approveNote.value.trim() ? { note: approveNote.value.trim() } : {}),
      });
      await reload('Approved: the capture is applied and queued for delivery.');
    } catch (error) {
      status.textContent = `Not approved: ${errorText(error)}`;
      if (error instanceof ApiError && error.code === 'validation_issues') forceButton.hidden = false;
    }
  };
  const forceButton = h(
    'button',
    { type: 'button', hidden: true, class: 'danger', onClick: () => approve(true) },
    'Approve anyway (force)',
  );
  const actions =
    waiting && canApprove
      ? h(
          'div',
          { class: 'actions' },
          approveNote,
          h('button', { type: 'button', class: 'primary', onClick: () => approve(false) }, 'Approve capture'),
          forceButton,
        )
      : null;

  const taskList = capture.tasks.map((task) => {
    const note = h('input', {
      type: 'text',
      'aria-label': `Note for task ${task.kind}`,
      placeholder: 'Note (optional)',
    });
    const close = async (to) => {
      try {
        await post(`/v1/tasks/${enc(task.id)}/resolve`, {
          status: to,
          ...(note.value.trim() ? { note: note.value.trim() } : {}),
        });
        await reload(`Task ${to}.`);
      } catch (error) {
        status.textContent = `Could not close the task: ${errorText(error)}`;
      }
    };
    return h(
      'li',
      {},
      h('strong', {}, task.kind),
      ` · ${task.status} · ${task.reason} · opened ${formatTime(task.created_at)}`,
      task.note ? ` · note: ${task.note}` : null,
      task.status === 'open' && canPropose
        ? h(
            'div',
            { class: 'actions' },
            note,
            h('button', { type: 'button', onClick: () => close('resolved') }, `Resolve task ${task.kind}`),
            h('button', { type: 'button', onClick: () => close('dismissed') }, `Dismiss task ${task.kind}`),
          )
        : null,
    );
  });

  const deliveries = capture.deliveries.length
    ? h(
        'table',
        {},
        h('caption', {}, 'Deliveries'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Destination', 'Status', 'Attempts', 'Last answer', 'Created', 'Finished'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h(
          'tbody',
          {},
          capture.deliveries.map((d) =>
            h(
              'tr',
              {},
              h('td', {}, d.destination),
              h('td', {}, d.status),
              h('td', {}, String(d.attempts)),
              h('td', {}, d.last_status_code ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—')),
              h('td', {}, formatTime(d.created_at)),
              h('td', {}, formatTime(d.finished_at)),
            ),
          ),
        ),
      )
    : h(
        'p',
        {},
        capture.status === 'applied'
          ? 'No deliveries: the bucket has no enabled destination.'
          : 'Not delivered: deliveries start when the capture is applied.',
      );

  const corrections = capture.corrections.length
    ? h(
        'ul',
        {},
        capture.corrections.map((c) =>
          h(
            'li',
            {},
            `${c.field}: ${valueText(c.before) || '(empty)'} → ${valueText(c.after) || '(empty)'} by ${c.actor}`,
            c.reason ? ` — “${c.reason}”` : '',
            ` (${formatTime(c.created_at)})`,
          ),
        ),
      )
    : h('p', {}, 'No corrections.');

  // The documents beside the fields: those the sources point into (the body when none).
  const sources = sourcesByDocument(capture.fields);
  const shown = message.documents.filter((d) => sources.has(d.id));
  if (shown.length === 0 && message.documents[0]) shown.push(message.documents[0]);
  const panels = await Promise.all(
    shown.map(async (d) => {
      const text = await documentText(d.id);
      const ranges = sources.get(d.id) ?? [];
      const name = d.index === 0 ? 'Message body' : d.filename || `Attachment ${d.index}`;
      const isPdf = d.kind === 'attachment' && d.mime_type === 'application/pdf';
      const marks = ranges.map((r) => ({ field: r.field, text: text.text.slice(r.start, r.end) }));
      return h(
        'section',
        { class: 'document', 'aria-label': `Document: ${name}` },
        h('h3', {}, name, h('span', { class: 'type' }, ` ${d.mime_type}`)),
        isPdf ? await pdfFigure(d.id, d.filename || 'attachment.pdf', marks) : null,
        h('h4', {}, 'Text'),
        h('pre', { class: 'doc-text', tabindex: '0', 'aria-label': `Text of ${name}` }, markedText(text.text, ranges)),
        text.partial ? h('p', { class: 'hint' }, 'Only the first 400,000 characters are shown.') : null,
      );
    }),
  );

  return h(
    'div',
    { class: 'capture' },
    h('p', {}, h('a', { href: '#/queue' }, '← Queue')),
    h('h1', {}, `Capture ${capture.id}`),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Status'),
      h('dd', { 'data-testid': 'capture-status' }, capture.status),
      h('dt', {}, 'Reason'),
      h('dd', {}, capture.reason),
      h('dt', {}, 'Bucket'),
      h('dd', {}, capture.bucket.name),
      h('dt', {}, 'Confidence'),
      h('dd', {}, percent(capture.confidence)),
      h('dt', {}, 'Message'),
      h('dd', {}, h('a', { href: `#/messages/${capture.message_id}` }, message.subject || '(no subject)')),
      h('dt', {}, 'From'),
      h('dd', {}, message.from ? `${message.from.name ? `${message.from.name} ` : ''}<${message.from.address}>` : '—'),
      capture.flags.length ? [h('dt', {}, 'Flags'), h('dd', {}, capture.flags.join(', '))] : null,
    ),
    status,
    actions,
    h(
      'div',
      { class: 'columns' },
      h(
        'section',
        { class: 'fields', 'aria-labelledby': 'fields-heading' },
        h('h2', { id: 'fields-heading' }, 'Fields'),
        h(
          'table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Field', 'Value', 'Confidence', 'Required', 'Issues'].map((t) => h('th', { scope: 'col' }, t)),
            ),
          ),
          h('tbody', {}, rows),
        ),
        h('h2', {}, 'Tasks'),
        taskList.length ? h('ul', { class: 'tasks' }, taskList) : h('p', {}, 'No tasks.'),
        h('h2', {}, 'Deliveries'),
        deliveries,
        h('h2', {}, 'Corrections'),
        corrections,
      ),
      h(
        'section',
        { class: 'documents', 'aria-labelledby': 'documents-heading' },
        h('h2', { id: 'documents-heading' }, 'Document'),
        panels,
      ),
    ),
  );
}
