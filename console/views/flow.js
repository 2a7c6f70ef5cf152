// get_flow as a picture: sources -> buckets -> outcomes -> exits as a Sankey diagram drawn
// in SVG (with the same numbers as a table), and the buckets with their activity and the
// result of their newest regression-test run.
import { get } from '../api.js';
import { formatTime, h, s } from '../dom.js';

const COLUMNS = ['source', 'bucket', 'outcome', 'exit'];
const WIDTH = 900;
const HEIGHT = 420;
const NODE_WIDTH = 14;
const GAP = 14;

function sankey(flow) {
  const byColumn = COLUMNS.map((kind) => flow.nodes.filter((n) => n.kind === kind));
  const usable = (column) => HEIGHT - GAP * Math.max(0, column.length - 1);
  const scale = Math.min(
    ...byColumn
      .filter((c) => c.length)
      .map(
        (c) =>
          usable(c) /
          Math.max(
            1,
            c.reduce((n, x) => n + x.count, 0),
          ),
      ),
  );
  const place = new Map();
  byColumn.forEach((column, i) => {
    let y = 0;
    const x = 10 + (i * (WIDTH - 200 - NODE_WIDTH)) / (COLUMNS.length - 1);
    for (const node of column) {
      const height = Math.max(2, node.count * scale);
      place.set(node.id, { x, y, height, out: 0, in: 0, node });
      y += height + GAP;
    }
  });
  const links = flow.links
    .filter((l) => place.has(l.from) && place.has(l.to) && l.count > 0)
    .map((l) => {
      const from = place.get(l.from);
      const to = place.get(l.to);
      const width = Math.max(1, l.count * scale);
      const y0 = from.y + from.out + width / 2;
      const y1 = to.y + to.in + width / 2;
      from.out += width;
      to.in += width;
      const x0 = from.x + NODE_WIDTH;
      const x1 = to.x;
      const mid = (x0 + x1) / 2;
      return s(
        'path',
        { class: 'flow-link', d: `M${x0},${y0} C${mid},${y0} ${mid},${y1} ${x1},${y1}`, 'stroke-width': width },
        s('title', {}, `${from.node.label} → ${to.node.label}: ${l.count}`),
      );
    });
  const nodes = [...place.values()].map(({ x, y, height, node }) =>
    s(
      'g',
      { class: `flow-node flow-${node.kind}` },
      s('rect', { x, y, width: NODE_WIDTH, height }),
      s(
        'text',
        { x: x + NODE_WIDTH + 4, y: y + height / 2, 'dominant-baseline': 'middle' },
        `${node.label} (${node.count})`,
      ),
    ),
  );
  return s(
    'svg',
    { viewBox: `0 0 ${WIDTH} ${HEIGHT + 20}`, role: 'img', 'aria-labelledby': 'flow-title flow-desc', class: 'sankey' },
    s('title', { id: 'flow-title' }, `Mail flow over ${flow.hours} hours`),
    s(
      'desc',
      { id: 'flow-desc' },
      `${flow.messages} messages from their sources through buckets to outcomes and exits; the table below has the same numbers.`,
    ),
    links,
    nodes,
  );
}

export async function flowView(_context, hours = 168) {
  const [flow, buckets, runs] = await Promise.all([
    get('/v1/flow', { hours }),
    get('/v1/buckets', { days: Math.max(1, Math.round(hours / 24)) }),
    get('/v1/tests/runs', { limit: 200 }),
  ]);
  const latest = new Map();
  for (const run of runs.runs) if (!latest.has(run.bucket_id)) latest.set(run.bucket_id, run);
  const labels = new Map(flow.nodes.map((n) => [n.id, n.label]));
  const container = h('div', { class: 'flow' });
  const picker = h(
    'label',
    {},
    'Window ',
    h(
      'select',
      {
        onChange: async (event) => {
          container.replaceWith(await flowView(_context, Number(event.target.value)));
        },
      },
      [
        [24, 'last 24 hours'],
        [168, 'last 7 days'],
        [720, 'last 30 days'],
        [2160, 'last 90 days'],
      ].map(([value, label]) => h('option', { value, selected: value === hours }, label)),
    ),
  );
  container.append(
    h('h1', {}, 'Flow'),
    picker,
    h('p', {}, `${flow.messages} messages in the window.`),
    flow.messages ? sankey(flow) : h('p', {}, 'No mail in this window.'),
    h(
      'table',
      {},
      h('caption', {}, 'Flow as a table'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['From', 'To', 'Messages'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        flow.links.map((l) =>
          h(
            'tr',
            {},
            h('td', {}, labels.get(l.from) ?? l.from),
            h('td', {}, labels.get(l.to) ?? l.to),
            h('td', {}, String(l.count)),
          ),
        ),
      ),
    ),
    h('h2', {}, 'Buckets'),
    h(
      'table',
      {},
      h('caption', {}, `Activity over the last ${buckets.days} days and regression tests`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Bucket', 'Enabled', 'Messages', 'Auto-applied', 'Held', 'Last received', 'Newest test run'].map((t) =>
            h('th', { scope: 'col' }, t),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        buckets.buckets.map((b) => {
          const run = latest.get(b.id);
          return h(
            'tr',
            {},
            h('th', { scope: 'row' }, b.name),
            h('td', {}, b.enabled ? 'yes' : 'no'),
            h('td', {}, String(b.activity.messages)),
            h('td', {}, String(b.activity.auto_applied)),
            h('td', {}, String(b.activity.held)),
            h('td', {}, formatTime(b.activity.last_received)),
            h(
              'td',
              { class: run ? (run.failed ? 'tests-failing' : 'tests-passing') : null },
              run
                ? `${run.failed ? 'failing' : 'passing'}: ${run.passed} passed, ${run.failed} failed (${formatTime(run.created_at)})`
                : 'no run yet',
            ),
          );
        }),
      ),
    ),
  );
  return container;
}
