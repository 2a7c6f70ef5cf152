// The console's shell: sign-in, the header (tenant, navigation, sign-out) and a hash router
// over one view per screen. Views only call /v1 operations (api.js) and draw their answers.
import { ApiError, get, resume, setTenant, signIn, signOut } from './api.js';
import { h, show } from './dom.js';
import { captureView } from './views/capture.js';
import { flowView } from './views/flow.js';
import { messageView } from './views/message.js';
import { queueView } from './views/queue.js';
import { taskView } from './views/task.js';

const root = document.getElementById('app');

/** What every view may read: the key's scopes and the tenant it acts in. */
const context = { account: null, scopes: new Set(), tenant: null };

export function can(scope) {
  return context.scopes.has(scope);
}

const routes = [
  [/^#?\/?$/, () => queueView(context)],
  [/^#\/queue$/, () => queueView(context)],
  [/^#\/captures\/([\w-]+)$/, (id) => captureView(context, id)],
  [/^#\/messages\/([\w-]+)$/, (id) => messageView(context, id)],
  [/^#\/tasks\/([\w-]+)$/, (id) => taskView(context, id)],
  [/^#\/flow$/, () => flowView(context)],
];

function signInForm(message) {
  const key = h('input', {
    id: 'api-key',
    type: 'password',
    name: 'key',
    autocomplete: 'off',
    required: true,
    spellcheck: 'false',
  });
  const status = h('p', { role: 'alert', class: 'error' }, message ?? '');
  const form = h(
    'form',
    {
      class: 'sign-in',
      onSubmit: async (event) => {
        event.preventDefault();
        status.textContent = '';
        try {
          await signIn(key.value);
          key.value = '';
          await start();
        } catch (error) {
          status.textContent = error instanceof ApiError ? error.message : String(error);
        }
      },
    },
    h('h1', {}, 'Review console'),
    h(
      'p',
      {},
      'Sign in with an API key. It is exchanged for a session cookie and not kept in this page; ' +
        'you see what its scopes and tenants allow.',
    ),
    h('label', { for: 'api-key' }, 'API key'),
    key,
    h('button', { type: 'submit' }, 'Sign in'),
    status,
  );
  show(root, h('main', { id: 'main' }, form));
  key.focus();
}

function header() {
  const tenants = context.account.tenants.filter((t) => context.account.calling_key.reaches.includes(t.id));
  const picker =
    tenants.length > 1
      ? h(
          'label',
          { class: 'tenant' },
          'Tenant ',
          h(
            'select',
            {
              onChange: (event) => {
                context.tenant = event.target.value;
                setTenant(context.tenant);
                route();
              },
            },
            tenants.map((t) => h('option', { value: t.id, selected: t.id === context.tenant }, t.name)),
          ),
        )
      : h('span', { class: 'tenant' }, tenants[0] ? `Tenant: ${tenants[0].name}` : 'No tenant');
  return h(
    'header',
    { class: 'top' },
    h('a', { class: 'skip', href: '#main' }, 'Skip to content'),
    h('nav', { 'aria-label': 'Console' }, h('a', { href: '#/queue' }, 'Queue'), h('a', { href: '#/flow' }, 'Flow')),
    picker,
    h('span', { class: 'key' }, `Key ${context.account.calling_key.prefix} (${[...context.scopes].join(', ')})`),
    h(
      'button',
      {
        type: 'button',
        onClick: async () => {
          await signOut();
          context.account = null;
          signInForm('Signed out.');
        },
      },
      'Sign out',
    ),
  );
}

async function route() {
  const hash = location.hash || '#/queue';
  const main = h('main', { id: 'main', tabindex: '-1' }, h('p', { role: 'status' }, 'Loading…'));
  show(root, header(), main);
  for (const [pattern, view] of routes) {
    const match = hash.match(pattern);
    if (!match) continue;
    try {
      show(main, await view(...match.slice(1)));
      main.querySelector('[data-autofocus]')?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signInForm(error.message);
      show(main, h('p', { role: 'alert', class: 'error' }, error instanceof Error ? error.message : String(error)));
    }
    return;
  }
  show(main, h('p', { role: 'alert' }, 'No such page. ', h('a', { href: '#/queue' }, 'Open the queue')));
}

async function start() {
  const current = await resume();
  if (!current.signed_in) return signInForm(current.reason);
  context.account = await get('/v1/account');
  context.scopes = new Set(context.account.calling_key.scopes);
  context.tenant = context.tenant ?? context.account.calling_key.reaches[0] ?? null;
  setTenant(context.account.calling_key.reaches.length > 1 ? context.tenant : null);
  await route();
}

window.addEventListener('hashchange', () => {
  if (context.account) route();
});

start().catch((error) => {
  show(root, h('p', { role: 'alert', class: 'error' }, error instanceof Error ? error.message : String(error)));
});
