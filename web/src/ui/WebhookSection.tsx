/**
 * Chat-app webhooks in the notifications panel (functions/http/routes/webhooks.ts): this seat's and the
 * match's own (a group's channel); or, on the account page, the signed-in player's own for all their matches
 * (functions/http/routes/player-webhooks.ts, the session cookie); each with its state (working, failing, paused and why), a test message,
 * pause or resume, and remove; and a form to add one. A signed webhook's secret is shown once, right after
 * it is made: the server never shows it again.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type * as z from 'zod/mini';
import { LANGS } from '#shared/i18n/index.js';
import type { WebhookAddedResponse, WebhookResponse, WebhookTestResponse } from '../../../functions/http/responses.js';
import type { Api } from '../api.js';
import { currentLang, type MessageKey, t } from '../i18n.js';
import { errorText } from '../notify.js';

type Webhook = z.infer<typeof WebhookResponse>;

/** Whose webhooks: a seat's (and its match's), by the seat token; or the signed-in player's, by the session cookie. */
export type WebhookTarget = { kind: 'seat'; matchId: string; seat: number; token: string } | { kind: 'player' };

function hooksApi(api: Pick<Api, 'call'>, target: WebhookTarget) {
  const base =
    target.kind === 'player' ? '/api/me/webhooks' : `/api/matches/${encodeURIComponent(target.matchId)}/seats/${target.seat}/webhooks`;
  const auth = target.kind === 'seat' ? target.token : undefined;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    list: () => api.call<{ webhooks: Webhook[] }>('GET', base, { auth }),
    add: (url: string, scope: 'seat' | 'match') => {
      const lang = currentLang();
      return api.call<z.infer<typeof WebhookAddedResponse>>('POST', base, {
        auth,
        // The pseudo-locale is no language of messages: the server then takes the request's.
        body: { url, ...(target.kind === 'seat' ? { scope } : {}), ...((LANGS as readonly string[]).includes(lang) ? { lang } : {}) },
      });
    },
    test: (id: string) => api.call<z.infer<typeof WebhookTestResponse>>('POST', `${one(id)}/test`, { auth }),
    paused: (id: string, paused: boolean) => api.call<Webhook>('PUT', `${one(id)}/paused`, { auth, body: { paused } }),
    remove: (id: string) => api.call<{ webhooks: Webhook[] }>('DELETE', one(id), { auth }),
  };
}

const STATE_OF_PAUSE: Record<NonNullable<Webhook['paused']>['reason'], MessageKey> = {
  owner: 'match.notify.hooks.paused.owner',
  failing: 'match.notify.hooks.paused.failing',
  gone: 'match.notify.hooks.paused.gone',
};

function stateText(h: Webhook): string {
  if (h.paused) return t(STATE_OF_PAUSE[h.paused.reason]);
  return h.failures > 0 ? t('match.notify.hooks.failing', { count: h.failures }) : t('match.notify.hooks.ok');
}

export function WebhookSection({ api, target }: { api: Pick<Api, 'call'>; target: WebhookTarget }) {
  const key = target.kind === 'seat' ? `${target.matchId}:${target.seat}:${target.token}` : 'player';
  const h = useMemo(() => hooksApi(api, target), [api, key]);
  const player = target.kind === 'player';
  const Heading = player ? 'h2' : 'h3';
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [url, setUrl] = useState('');
  const [scope, setScope] = useState<'seat' | 'match'>('seat');
  const [secret, setSecret] = useState<string | null>(null);
  const [msg, setMsg] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // Only the latest read is shown: a slower earlier one (the first load, say) must not bring back a removed webhook.
  const reads = useRef(0);
  const refresh = async () => {
    const mine = ++reads.current;
    const r = await h.list();
    if (mine === reads.current) setHooks(r.webhooks);
  };
  useEffect(() => {
    refresh().catch((e) => setMsg({ text: errorText(e), error: true }));
  }, [h]);

  /** One change, then the list as the server has it now; the outcome is said in this section. */
  async function run(change: () => Promise<string>) {
    setBusy(true);
    setMsg(null);
    try {
      const said = await change();
      await refresh();
      setMsg({ text: said, error: false });
    } catch (e) {
      setMsg({ text: errorText(e), error: true });
    } finally {
      setBusy(false);
    }
  }

  const add = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const added = await h.add(url.trim(), scope);
      setSecret(added.secret);
      setUrl('');
      return t('match.notify.hooks.added');
    });
  };

  return (
    <section class={player ? 'zone' : 'notify-block'} aria-labelledby="nt-hooks-h">
      <Heading id="nt-hooks-h">{t('match.notify.hooks.title')}</Heading>
      <p class="hint">{t(player ? 'account.hooks.intro' : 'match.notify.hooks.intro')}</p>
      {hooks && hooks.length === 0 && <p>{t(player ? 'account.hooks.none' : 'match.notify.hooks.none')}</p>}
      {hooks && hooks.length > 0 && (
        <ul class="hook-list">
          {hooks.map((w) => (
            <HookItem key={w.id} w={w} busy={busy} run={run} h={h} />
          ))}
        </ul>
      )}
      {secret && (
        <div class="notice hook-secret">
          <p>{t('match.notify.hooks.secret')}</p>
          <p>
            <code>{secret}</code>
          </p>
        </div>
      )}
      <form class="hook-form" onSubmit={add}>
        <div class="field">
          <label for="nt-hook-url">{t('match.notify.hooks.label')}</label>
          <input
            id="nt-hook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellcheck={false}
            required
            // An address, not words: nothing here to translate.
            translate={false}
            placeholder="https://discord.com/api/webhooks/…"
            value={url}
            onInput={(e) => setUrl((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
        {!player && (
          <fieldset>
            <legend>{t('match.notify.hooks.whose')}</legend>
            <label class="check">
              <input type="radio" name="nt-hook-scope" checked={scope === 'seat'} onChange={() => setScope('seat')} />
              {t('match.notify.hooks.mine')}
            </label>
            <label class="check">
              <input type="radio" name="nt-hook-scope" checked={scope === 'match'} onChange={() => setScope('match')} />
              {t('match.notify.hooks.everyone')}
            </label>
          </fieldset>
        )}
        <button type="submit" disabled={busy || url.trim() === ''}>
          {t('match.notify.hooks.add')}
        </button>
      </form>
      {msg?.error && (
        <div class="notice error" role="alert">
          <p>{msg.text}</p>
        </div>
      )}
      <p class="status-line" role="status">
        {msg && !msg.error ? msg.text : ''}
      </p>
    </section>
  );
}

/** One webhook: what and where, its state, and its buttons (test, pause or resume, remove). */
function HookItem({
  w,
  busy,
  run,
  h,
}: {
  w: Webhook;
  busy: boolean;
  run: (change: () => Promise<string>) => Promise<void>;
  h: ReturnType<typeof hooksApi>;
}) {
  return (
    <li class="hook">
      <p class="hook-name">
        <strong>{t(`match.notify.hooks.kind.${w.kind}`)}</strong> <span class="hook-host">{w.host}</span> ·{' '}
        {t(`match.notify.hooks.scope.${w.scope}`)}
      </p>
      <p class={w.paused || w.failures > 0 ? 'hook-state warn' : 'hook-state'}>{stateText(w)}</p>
      <div class="hook-actions" role="group" aria-label={t('match.notify.hooks.actions', { host: w.host })}>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const r = await h.test(w.id);
              return r.ok ? t('match.notify.hooks.tested') : t('match.notify.hooks.testFailed', { reason: r.reason ?? '' });
            })
          }
        >
          {t('match.notify.hooks.test')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await h.paused(w.id, !w.paused);
              return w.paused ? t('match.notify.hooks.nowResumed') : t('match.notify.hooks.nowPaused');
            })
          }
        >
          {w.paused ? t('match.notify.hooks.resume') : t('match.notify.hooks.pause')}
        </button>
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await h.remove(w.id);
              return t('match.notify.hooks.removed');
            })
          }
        >
          {t('match.notify.hooks.remove')}
        </button>
      </div>
    </li>
  );
}
