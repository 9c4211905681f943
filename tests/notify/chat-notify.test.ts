/**
 * Chat and nudge notices by mail, through the real app, DynamoDB Local's stream, the dispatcher and the
 * real SMTP listener: one mail for a burst of messages (never one per message), counting the unread ones
 * and naming who wrote them; the text escaped in the HTML part and never read for name placeholders;
 * nothing to a seat that muted the chat; a nudge mails whoever is to move.
 */
import { describe, expect, it } from 'vitest';
import { CHAT } from '../../functions/matches/chat.js';
import { confirmedEmail, harness, mailAndPush, playUntilTurnOf, type Harness } from './support.js';

const io = mailAndPush();

async function table(h: Harness, tag: string) {
  const { matchId, seats } = await h.started(2, { options: { target: 20 } }, ['Ann', 'Bob']);
  for (const s of seats) {
    const address = `${tag}-${s.seat}@example.test`;
    await confirmedEmail(h, matchId, s, address, () =>
      io.smtp
        .to(address)
        .map((m) => m.text)
        .join('\n'),
    );
  }
  const say = (seat: number, text: string) =>
    h.api.call('POST', `/api/matches/${matchId}/seats/${seat}/chat`, { token: seats[seat]!.token, body: { text } });
  const mails = (seat: number, subject: RegExp) => io.smtp.to(`${tag}-${seat}@example.test`).filter((m) => subject.test(m.subject ?? ''));
  return { matchId, seats, say, mails };
}

describe('chat notices by mail', () => {
  it('a burst of messages is one mail; the text arrives escaped in HTML and as typed in plain text', async () => {
    const h = await harness({ email: io.sender });
    const { say, mails } = await table(h, 'burst');
    const nasty = '<script>alert("hi")</script> & {1} says <b>hello</b>';
    expect((await say(0, nasty)).status).toBe(201);
    expect((await say(0, 'second')).status).toBe(201);
    expect((await say(0, 'third')).status).toBe(201);
    await h.deliver();
    const first = mails(1, /new message/);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Ann: a new message in Secret sums (test game)');
    const html = String(first[0]!.html);
    expect(html).toContain('Ann: &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; {1} says &lt;b&gt;hello&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>hello');
    // Player text is never read for name placeholders: "{1}" stays as typed.
    expect(first[0]!.text).toContain(`Ann: ${nasty}`);
    expect(mails(0, /new message/)).toHaveLength(0);

    // After the quiet window, the next message's mail counts all Bob has not read.
    h.clock.advance(CHAT.noticeEveryMs + 1000);
    expect((await say(0, 'fourth')).status).toBe(201);
    await h.deliver();
    const all = mails(1, /new message/);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('Ann: 4 new messages in Secret sums (test game)');
    expect(all[1]!.text).toContain('Ann wrote 4 messages in the chat of your match.');
    expect(all[1]!.text).toContain('Ann: fourth');
    await h.close();
  });

  it('a seat that muted the chat gets no chat mail; unmuted, it does again', async () => {
    const h = await harness({ email: io.sender });
    const { matchId, seats, say, mails } = await table(h, 'mute');
    const mute = (muted: boolean) =>
      h.api.call('PUT', `/api/matches/${matchId}/seats/1/chat/mute`, { token: seats[1]!.token, body: { muted } });
    expect((await mute(true)).status).toBe(200);
    expect((await say(0, 'anyone?')).status).toBe(201);
    await h.deliver();
    expect(mails(1, /new message/)).toHaveLength(0);
    expect((await mute(false)).status).toBe(200);
    expect((await say(0, 'now?')).status).toBe(201);
    await h.deliver();
    const got = mails(1, /new message/);
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toBe('Ann: 2 new messages in Secret sums (test game)');
    await h.close();
  });

  it('a nudge mails whoever is to move, naming who nudged', async () => {
    const h = await harness({ email: io.sender });
    const { matchId, seats, mails } = await table(h, 'nudge');
    await playUntilTurnOf(h, matchId, seats, 0);
    const nudged = await h.api.call('POST', `/api/matches/${matchId}/seats/1/nudge`, { token: seats[1]!.token });
    expect(nudged.status).toBe(200);
    await h.deliver();
    const got = mails(0, /nudged you/);
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toBe('Bob nudged you: your move in Secret sums (test game)');
    expect(got[0]!.text).toContain('Bob nudged Ann.');
    expect(mails(1, /nudged/)).toHaveLength(0);
    await h.close();
  });
});
