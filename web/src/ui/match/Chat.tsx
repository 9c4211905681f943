/**
 * The table chat beside the log: the messages (always shown as text, never as HTML), a one-line
 * input with the length cap shown, send, mute, and the nudge where it applies. A muted chat folds
 * away (it is fetched again only when unfolded). Spectators read the players' chat; they cannot post.
 */
import { useState } from 'preact/hooks';
import { fmt, t } from '../../i18n.js';
import { listNames, seatName } from '../../text.js';
import type { Credentials, Match } from '../../types.js';
import { useChat } from './useChat.js';

/** As the server's limit (functions/matches/chat.ts CHAT.maxChars): characters, not UTF-16 units. */
export const CHAT_MAX_CHARS = 500;

/** Messages shown before "Show all" (the list never scrolls inside the page). */
const SHORT = 20;

/** Who a nudge from `you` would remind now: people other than you whose move it is. */
export function nudgeTargets(match: Match, you: number | null): number[] {
  if (you === null || match.status !== 'active') return [];
  return match.toAct.filter((s) => s !== you && !match.seats[s]?.bot);
}

export function ChatPanel({ match, creds, now, onChanged }: { match: Match; creds: Credentials; now: number; onChanged: () => void }) {
  const muted = match.chat?.muted === true;
  const [open, setOpen] = useState(!muted);
  const shown = open || !muted;
  const chat = useChat(match, creds, { fetching: shown, onChanged });
  const [text, setText] = useState('');
  const [all, setAll] = useState(false);
  const you = creds.kind === 'seat' ? creds.seat : null;
  const chars = [...text.trim()].length;
  const tooLong = chars > CHAT_MAX_CHARS;
  const count = match.chat?.count ?? 0;
  const name = (seat: number) => match.seats[seat]?.name ?? seatName([], seat);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (chars === 0 || tooLong) return;
    if (await chat.send(text)) setText('');
  };

  return (
    <section class="zone chat" aria-labelledby="chat-h" data-muted={muted ? 'true' : 'false'}>
      <h2 id="chat-h">{t('match.chat.title')}</h2>
      {you === null && <p class="hint">{t('match.chat.watching')}</p>}
      {muted && !open ? (
        <p>
          {t('match.chat.muted', { count })}{' '}
          <button type="button" onClick={() => setOpen(true)}>
            {t('match.chat.show')}
          </button>
        </p>
      ) : (
        <>
          <div role="log" aria-label={t('match.chat.messages')} class="chat-list">
            {chat.messages.length === 0 ? (
              <p class="hint">{t('match.chat.none')}</p>
            ) : (
              <ul>
                {(all ? chat.messages : chat.messages.slice(-SHORT)).map((m) => (
                  <li key={m.seq} data-seq={m.seq} data-mine={m.seat === you ? 'true' : 'false'}>
                    {m.seat === you ? (
                      <span class="chat-who">{t('match.chat.youWrote')}</span>
                    ) : (
                      <span class="chat-who" translate={false}>
                        {name(m.seat)}
                      </span>
                    )}
                    :{' '}
                    <span class="chat-text" translate={false}>
                      {m.text}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {!all && chat.messages.length > SHORT && (
            <button type="button" class="link-like" onClick={() => setAll(true)}>
              {t('match.chat.showAll', { count: chat.messages.length })}
            </button>
          )}
          {you !== null && (
            <form class="chat-form" onSubmit={submit}>
              <label for="chat-input">{t('match.chat.message')}</label>
              <input
                id="chat-input"
                type="text"
                autocomplete="off"
                value={text}
                aria-describedby="chat-chars"
                aria-invalid={tooLong ? 'true' : 'false'}
                onInput={(e) => setText(e.currentTarget.value)}
              />
              <span id="chat-chars" class={tooLong ? 'hint error' : 'hint'}>
                {t('match.chat.chars', { chars, max: CHAT_MAX_CHARS })}
              </span>
              <button type="submit" disabled={chat.sending || chars === 0 || tooLong}>
                {t('match.chat.send')}
              </button>
            </form>
          )}
        </>
      )}
      {chat.error && (
        <p class="notice error" role="alert">
          {chat.error}
        </p>
      )}
      {you !== null && <ChatControls match={match} you={you} now={now} muted={muted} chat={chat} onFold={() => setOpen(false)} />}
    </section>
  );
}

function ChatControls(p: { match: Match; you: number; now: number; muted: boolean; chat: ReturnType<typeof useChat>; onFold: () => void }) {
  const targets = nudgeTargets(p.match, p.you);
  const nudgeAt = p.match.chat?.nudgeAt;
  const waiting = nudgeAt !== undefined && nudgeAt > p.now;
  const names = listNames(targets.map((s) => p.match.seats[s]?.name ?? t('match.chat.aPlayer')));
  return (
    <div class="chat-controls">
      <button
        type="button"
        aria-pressed={p.muted ? 'true' : 'false'}
        onClick={() => {
          if (!p.muted) p.onFold();
          void p.chat.setMuted(!p.muted);
        }}
      >
        {p.muted ? t('match.chat.unmute') : t('match.chat.mute')}
      </button>
      {targets.length > 0 &&
        (waiting ? (
          <p class="hint" data-nudge="waiting">
            {t('match.chat.nudgeAgain', { when: fmt.when(nudgeAt) })}
          </p>
        ) : (
          <button type="button" data-nudge="ready" onClick={() => void p.chat.nudge()}>
            {t('match.chat.nudge', { names })}
          </button>
        ))}
      <p class="visually-hidden" aria-live="polite">
        {p.chat.nudged ?? ''}
      </p>
    </div>
  );
}
