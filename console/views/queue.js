// The queue: held captures, captures waiting on a task, and open tasks, per bucket, oldest
// first, with counts. Keyboard: ArrowDown / j next, ArrowUp / k previous, Enter opens,
// a approves the capture in focus (with the approve scope).
import { ApiError, enc, get, post } from '../api.js';
import { formatTime, h, percent } from '../dom.js';

/** Pages of a list operation, oldest first, up to `max` items. */
async function pagesOf(path, query, key, max = 1000) {
  const items = [];
  let before;
  while (items.length < max) {
    const page = await get(path, { ...query, limit: 200, before });
    items.push(...page[key]);
    before = page.next_before;
    if (!before) break;
  }
  return { items: items.reverse(), more: Boolean(before) };
}

function captureItem(capture, message, tasks) {
  const label = [
    capture.status === 'held' ? 'Held' : 'Task',
    capture.reason,
    message ? message.subject || '(no subject)' : capture.message_id,
  ];
  return {
    kind: 'capture',
    id: capture.id,
    status: capture.status,
    href: `#/captures/${capture.id}`,
    title: label.join(' · '),
    detail: [
      message?.from ? `from ${message.from}` : null,
      `confidence ${percent(capture.confidence)}`,
      tasks.length
        ? `${tasks.length} open task${tasks.length > 1 ? 's' : ''}: ${tasks.map((t) => t.kind).join(', ')}`
        : null,
      `received ${formatTime(message?.received_at ?? capture.created_at)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

function taskItem(task, message) {
  return {
    kind: 'task',
    id: task.id,
    href: `#/tasks/${task.id}`,
    title: ['Task', task.kind, message ? message.subject || '(no subject)' : task.message_id].join(' · '),
    detail: [task.reason, message?.from ? `from ${message.from}` : null, `opened ${formatTime(task.created_at)}`]
      .filter(Boolean)
      .join(' · '),
  };
}

export async function queueView(context) {
  const [held, waiting, tasks, heldMessages, taskMessages, unrouted] = await Promise.all([
    pagesOf('/v1/captures', { status: 'held' }, 'captures'),
    pagesOf('/v1/captures', { status: 'task' }, 'captures'),
    get('/v1/tasks', { status: 'open', limit: 200 }),
    pagesOf('/v1/messages', { status: 'held' }, 'messages'),
    pagesOf('/v1/messages', { status: 'task' }, 'messages'),
    pagesOf('/v1/messages', { status: 'unrouted' }, 'messages'),
  ]);
  const messages = new Map([...heldMessages.items, ...taskMessages.items, ...unrouted.items].map((m) => [m.id, m]));
  const tasksOf = new Map();
  for (const task of tasks.tasks) {
    if (!task.capture_id) continue;
    tasksOf.set(task.capture_id, [...(tasksOf.get(task.capture_id) ?? []), task]);
  }
  const groups = new Map();
  const add = (bucket, item) => {
    if (!groups.has(bucket)) groups.set(bucket, []);
    groups.get(bucket).push(item);
  };
  const captures = [...held.items, ...waiting.items].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const capture of captures) {
    add(capture.bucket.name, captureItem(capture, messages.get(capture.message_id), tasksOf.get(capture.id) ?? []));
  }
  const listed = new Set(captures.map((c) => c.id));
  // Tasks without a capture (unrouted mail) and tasks of captures not waiting (a leak on an applied one).
  const loose = tasks.tasks.filter((t) => !t.capture_id || !listed.has(t.capture_id)).reverse();
  for (const task of loose)
    add(task.capture_id ? 'Other tasks' : 'Unrouted', taskItem(task, messages.get(task.message_id)));

  const status = h('p', { role: 'status', class: 'status', 'aria-live': 'polite' });
  const links = [];
  const canApprove = context.scopes.has('approve');

  function onKey(event) {
    const at = links.indexOf(document.activeElement);
    if (at < 0) return;
    const move = (to) => {
      event.preventDefault();
      links[Math.max(0, Math.min(links.length - 1, to))].focus();
    };
    if (event.key === 'ArrowDown' || event.key === 'j') move(at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(links.length - 1);
    else if (event.key === 'a' && canApprove) {
      const link = links[at];
      if (link.dataset.kind !== 'capture') return;
      event.preventDefault();
      approve(link.dataset.id, link);
    }
  }

  async function approve(id, link) {
    status.textContent = `Approving ${id}…`;
    try {
      await post(`/v1/captures/${enc(id)}/approve`, {});
      status.textContent = `Approved ${id}.`;
      const item = link.closest('li');
      const next = links[links.indexOf(link) + 1] ?? links[links.indexOf(link) - 1];
      links.splice(links.indexOf(link), 1);
      item.remove();
      next?.focus();
    } catch (error) {
      status.textContent =
        error instanceof ApiError && error.code === 'validation_issues'
          ? `${id} has validation issues: open it to correct the fields, or approve it there anyway.`
          : `Could not approve ${id}: ${error.message}`;
    }
  }

  const total = [...groups.values()].reduce((n, items) => n + items.length, 0);
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([bucket, items]) => {
      const heldCount = items.filter((i) => i.status === 'held').length;
      const waitingCount = items.filter((i) => i.status === 'task').length;
      const taskCount = items.filter((i) => i.kind === 'task').length;
      const counts = [
        heldCount ? `${heldCount} held` : null,
        waitingCount ? `${waitingCount} waiting on a task` : null,
        taskCount ? `${taskCount} open task${taskCount > 1 ? 's' : ''}` : null,
      ]
        .filter(Boolean)
        .join(', ');
      const headingId = `queue-${bucket.replace(/[^\w-]/g, '_')}`;
      return h(
        'section',
        { 'aria-labelledby': headingId, class: 'queue-group' },
        h('h2', { id: headingId }, `${bucket} `, h('span', { class: 'count' }, `(${counts})`)),
        h(
          'ol',
          { class: 'queue-list' },
          items.map((item) => {
            const link = h(
              'a',
              { href: item.href, dataset: { kind: item.kind, id: item.id }, 'aria-describedby': `${item.id}-detail` },
              item.title,
            );
            links.push(link);
            return h('li', {}, link, h('div', { id: `${item.id}-detail`, class: 'detail' }, item.detail));
          }),
        ),
      );
    });

  const view = h(
    'div',
    { class: 'queue', onKeydown: onKey },
    h('h1', {}, `Queue (${total})`),
    h(
      'p',
      { class: 'hint' },
      'Oldest first. Keys: ↓ or j next, ↑ or k previous, Enter opens',
      canApprove ? ', a approves the capture in focus.' : '.',
    ),
    held.more || waiting.more
      ? h('p', { class: 'hint' }, 'More than 1000 are waiting: the 1000 newest of each list are shown, oldest first.')
      : null,
    status,
    total === 0 ? h('p', {}, 'Nothing is waiting for review.') : sections,
  );
  if (links[0]) links[0].dataset.autofocus = '';
  return view;
}
