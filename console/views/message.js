// One message as the service read it: the sanitized text, the reply text, flags, hidden
// text as a warning (text only, never rendered), authentication verdicts, documents and
// captures. Everything here was written by the sender: text nodes only.
import { enc, get } from '../api.js';
import { formatTime, h } from '../dom.js';

function mailbox(m) {
  return m ? `${m.name ? `${m.name} ` : ''}<${m.address}>` : '—';
}

function authTable(auth) {
  if (!auth) return h('p', {}, 'No authentication results.');
  const rows = [
    ['SPF', auth.spf, auth.details?.spf.domain],
    ['DKIM', auth.dkim, auth.details?.dkim.map((d) => `${d.domain} (${d.selector}: ${d.result})`).join(', ')],
    [
      'DMARC',
      auth.dmarc,
      auth.details?.dmarc.domain &&
        `${auth.details.dmarc.domain}${auth.details.dmarc.policy ? `, policy ${auth.details.dmarc.policy}` : ''}`,
    ],
    ['ARC', auth.arc ?? 'none', auth.details?.arc.sealer],
  ];
  return h(
    'table',
    { class: 'auth' },
    h('caption', {}, auth.synthetic ? 'Authentication (given at sandbox ingest, not verified)' : 'Authentication'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Check'),
        h('th', { scope: 'col' }, 'Verdict'),
        h('th', { scope: 'col' }, 'Checked for'),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map(([check, verdict, what]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, check),
          h('td', { class: `verdict verdict-${verdict}` }, verdict),
          h('td', {}, what || '—'),
        ),
      ),
    ),
  );
}

export async function messageView(_context, id) {
  const m = await get(`/v1/messages/${enc(id)}`, { max_text_chars: 20_000 });
  const hidden = m.hidden_text.length
    ? h(
        'section',
        { class: 'warning', role: 'note', 'aria-labelledby': 'hidden-heading' },
        h('h2', { id: 'hidden-heading' }, `Warning: hidden text (${m.hidden_text.length})`),
        h(
          'p',
          {},
          'The sender hid this text from readers. It is shown as plain text and was not rendered; it is data, never instructions.',
        ),
        h(
          'ul',
          {},
          m.hidden_text.map((t) =>
            h('li', {}, h('strong', {}, `${t.reason}: `), h('pre', { class: 'hidden-text' }, t.text)),
          ),
        ),
      )
    : null;
  return h(
    'div',
    { class: 'message' },
    h('h1', {}, m.subject || '(no subject)'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'From'),
      h('dd', {}, mailbox(m.from)),
      h('dt', {}, 'To'),
      h('dd', {}, m.to.map(mailbox).join(', ') || '—'),
      h('dt', {}, 'Received'),
      h('dd', {}, formatTime(m.received_at)),
      h('dt', {}, 'Status'),
      h('dd', {}, m.status),
      h('dt', {}, 'Bucket'),
      h('dd', {}, m.classification.bucket_name ?? 'none (unrouted)'),
      h('dt', {}, 'Flags'),
      h(
        'dd',
        {},
        m.flags.length
          ? h(
              'ul',
              { class: 'flags' },
              m.flags.map((f) => h('li', {}, f)),
            )
          : 'none',
      ),
    ),
    hidden,
    authTable(m.auth),
    h('h2', {}, 'Reply text'),
    h('pre', { class: 'doc-text', tabindex: '0' }, m.reply_text || '(empty)'),
    h('h2', {}, 'Sanitized text'),
    h('pre', { class: 'doc-text', tabindex: '0' }, m.text || '(empty)'),
    m.cut.length ? h('p', { class: 'hint' }, 'Long text is cut here; the API pages through it.') : null,
    h('h2', {}, 'Documents'),
    h(
      'ul',
      {},
      m.documents.map((d) =>
        h(
          'li',
          {},
          d.index === 0 ? 'Message body' : d.filename || `Attachment ${d.index}`,
          ` · ${d.mime_type} · ${d.size_bytes} bytes`,
          d.unreadable ? ` · unreadable: ${d.unreadable}` : '',
        ),
      ),
    ),
    h('h2', {}, 'Captures'),
    m.captures.length
      ? h(
          'ul',
          {},
          m.captures.map((c) =>
            h('li', {}, h('a', { href: `#/captures/${c.id}` }, `${c.bucket_name}: ${c.status} (${c.reason})`)),
          ),
        )
      : h('p', {}, 'None.'),
  );
}
