/**
 * A missed deadline: the sweep makes the game's standard move for the late player, and that player
 * is told so on their own channels (mail to the real SMTP listener, push to the stand-in): what
 * was done for them, whose turn it is now, and the link to the match.
 */
import { describe, expect, it } from 'vitest';
import { DAY } from '../../functions/matches/timing.js';
import { browserKeys, confirmedEmail, decryptPush, harness, PUBLIC_URL, mailAndPush } from './support.js';

const io = mailAndPush();

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('a move made for a late player', () => {
  it('tells the late player by mail and push what was done for them, that it is the others’ turn, with the link', async () => {
    const h = await harness({ email: io.sender, push: true, start: T0 });
    const { matchId, seats } = await h.started(2, { timing: { reminderHours: 0, deadlineDays: 1 } }, ['Ann', 'Bob']);
    const address = `late-${matchId}@example.test`;
    await confirmedEmail(h, matchId, seats[1]!, address, () =>
      io.smtp
        .to(address)
        .map((m) => m.text)
        .join('\n'),
    );
    const keys = browserKeys();
    const sub = await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      body: keys.json(`${io.push.origin}/push/late-${matchId}`),
    });
    expect(sub.status).toBe(201);
    // Ann commits her secret in time; Bob does not.
    const v = await h.version(matchId, seats[0]!);
    expect((await h.api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 3 })).status).toBe(200);
    await h.deliver();
    const mailsBefore = io.smtp.to(address).length;

    h.clock.now = T0 + DAY;
    expect((await h.sweep.run()).defaultMoves).toBe(1);
    await h.deliver();
    const read = await h.api.read(matchId, seats[0]!);
    expect(read.json.toAct).toEqual([0]);

    const mails = io.smtp.to(address).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(['A move was made for you in Secret sums (test game) with Ann']);
    const text = mails[0]!.text!;
    expect(text).toContain('Your time to move ran out, so the standard move of the game was made in your place.');
    expect(text).toContain('Now it is the turn of Ann; you need not do anything until your next move.');
    expect(text).toContain("Bob's deadline passed; the standard move was made for them.");
    expect(text).toContain(`Open the match: ${PUBLIC_URL}/m/${matchId}`);
    expect(mails[0]!.html).toContain(`href="${PUBLIC_URL}/m/${matchId}"`);

    const pushes = io.push.requests.filter((r) => r.path === `/push/late-${matchId}`).map((r) => JSON.parse(decryptPush(r.body, keys)));
    expect(pushes.at(-1)).toMatchObject({ title: 'A move was made for you in Secret sums (test game)', url: `${PUBLIC_URL}/m/${matchId}` });
    expect(pushes.at(-1).body).toContain('Now it is the turn of Ann');
    // The sweep running again sends nothing more.
    await h.sweep.run();
    await h.deliver();
    expect(io.smtp.to(address).length).toBe(mailsBefore + 1);
    await h.close();
  }, 300_000); // each sweep reads 256 shards of DynamoDB Local: seconds on a quiet machine, over 60 s at a load of 25
});
