// One task (unrouted mail has no capture): what it is about, and resolve or dismiss it.
import { enc, get, post } from '../api.js';
import { formatTime, h, show } from '../dom.js';

export async function taskView(context, id) {
  const task = await get(`/v1/tasks/${enc(id)}`);
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'status' });
  const note = h('input', { type: 'text', 'aria-label': `Note for task ${task.kind}`, placeholder: 'Note (optional)' });
  const close = async (to) => {
    try {
      await post(`/v1/tasks/${enc(id)}/resolve`, {
        status: to,
        ...(note.value.trim() ? { note: note.value.trim() } : {}),
      });
      const main = document.getElementById('main');
      show(main, await taskView(context, id));
      main.querySelector('[role=status]').textContent = `Task ${to}.`;
    } catch (error) {
      status.textContent = `Could not close the task: ${error.message}`;
    }
  };
  return h(
    'div',
    { class: 'task' },
    h('p', {}, h('a', { href: '#/queue' }, '← Queue')),
    h('h1', {}, `Task: ${task.kind}`),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Status'),
      h('dd', {}, task.status),
      h('dt', {}, 'Reason'),
      h('dd', {}, task.reason),
      h('dt', {}, 'Opened'),
      h('dd', {}, formatTime(task.created_at)),
      h('dt', {}, 'Message'),
      h('dd', {}, h('a', { href: `#/messages/${task.message_id}` }, task.message_id)),
      task.capture_id
        ? [h('dt', {}, 'Capture'), h('dd', {}, h('a', { href: `#/captures/${task.capture_id}` }, task.capture_id))]
        : null,
      task.note ? [h('dt', {}, 'Note'), h('dd', {}, task.note)] : null,
    ),
    h('h2', {}, 'Payload'),
    h('pre', { class: 'doc-text', tabindex: '0' }, JSON.stringify(task.payload, null, 2)),
    status,
    task.status === 'open' && context.scopes.has('propose')
      ? h(
          'div',
          { class: 'actions' },
          note,
          h('button', { type: 'button', onClick: () => close('resolved') }, `Resolve task ${task.kind}`),
          h('button', { type: 'button', onClick: () => close('dismissed') }, `Dismiss task ${task.kind}`),
        )
      : null,
  );
}
