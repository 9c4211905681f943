/**
 * The table chat's state for one open match: the messages fetched so far, fetching the new ones when
 * the match read says there are more (`match.chat.count`, so a poll or the live poke is all it takes),
 * posting, muting and the nudge. Every change is followed by a poll, so the page's version catches up.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { t } from '../../i18n.js';
import { listNames } from '../../text.js';
import type { ChatMessage, Credentials, Match } from '../../types.js';

export interface ChatState {
  messages: ChatMessage[];
  /** The last refusal or failure, in words, for the player. */
  error: string | null;
  sending: boolean;
  send(text: string): Promise<boolean>;
  setMuted(muted: boolean): Promise<void>;
  nudge(): Promise<void>;
  /** Said once after a nudge went out (for the live region). */
  nudged: string | null;
}

const failureText = (e: unknown) => (e instanceof ApiFailure ? e.message : t('match.chat.unreachable'));

export function useChat(match: Match, creds: Credentials, opts: { fetching: boolean; onChanged: () => void }): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [nudged, setNudged] = useState<string | null>(null);
  const last = useRef(0);
  const loading = useRef(false);
  const count = match.chat?.count ?? 0;
  const base = creds.kind === 'seat' ? `/api/matches/${match.matchId}/seats/${creds.seat}` : `/api/matches/${match.matchId}/spectate`;
  const auth = creds.kind === 'seat' ? creds.token : creds.secret;

  const fetchNew = async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      for (let more = true; more; ) {
        const page = await api.call<{ messages: ChatMessage[]; more: boolean }>('GET', `${base}/chat?after=${last.current}`, { auth });
        const fresh = page.messages.filter((m) => m.seq > last.current);
        if (fresh.length > 0) {
          last.current = fresh.at(-1)!.seq;
          setMessages((old) => [...old, ...fresh]);
        }
        more = page.more && fresh.length > 0;
      }
    } catch (e) {
      setError(failureText(e));
    } finally {
      loading.current = false;
    }
  };

  useEffect(() => {
    if (opts.fetching && count > last.current) void fetchNew();
  }, [count, opts.fetching]);

  const seatCall = async <T>(method: string, path: string, body?: unknown): Promise<T | null> => {
    setError(null);
    try {
      return await api.call<T>(method, `${base}${path}`, { auth, ...(body !== undefined ? { body } : {}) });
    } catch (e) {
      setError(failureText(e));
      return null;
    } finally {
      opts.onChanged();
    }
  };

  return {
    messages,
    error,
    sending,
    nudged,
    async send(text) {
      setSending(true);
      const res = await seatCall<{ message: ChatMessage }>('POST', '/chat', { text });
      setSending(false);
      if (res && res.message.seq === last.current + 1) {
        last.current = res.message.seq;
        setMessages((old) => [...old, res.message]);
      } else if (res) {
        void fetchNew();
      }
      return res !== null;
    },
    async setMuted(muted) {
      await seatCall('PUT', '/chat/mute', { muted });
    },
    async nudge() {
      const res = await seatCall<{ nudged: number[] }>('POST', '/nudge');
      if (res)
        setNudged(t('match.chat.nudged', { names: listNames(res.nudged.map((s) => match.seats[s]?.name ?? t('match.chat.aPlayer'))) }));
    },
  };
}
