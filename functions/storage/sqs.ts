/**
 * The consumer queue (functions/queues.ts) on Amazon SQS: SendMessageBatch with at most SEND_BATCH messages
 * per call, each message's delay as DelaySeconds, and the entries SQS refuses for a reason of its own
 * (throttling, an internal error: `SenderFault` false) sent again, a few times with a growing pause. An
 * entry refused for the sender's fault (too large, a bad delay) is not tried again; a call that fails as a
 * whole is retried like its entries. What is still not sent is answered, and the stream reader reports the
 * changes behind it for retry (functions/fan-out.ts). Its in-memory twin is ./memory/queue.ts.
 */
import { SendMessageBatchCommand, type SendMessageBatchCommandOutput, type SQSClient } from '@aws-sdk/client-sqs';
import { type ChangeQueue, encodeChange, type OutgoingMessage, SEND_BATCH } from '../queues.js';

export interface SqsQueueOptions {
  /** Calls per message at most (the first and its retries). */
  attempts?: number;
  /** The pause before retry n (from 1): `pauseMs × 2^(n-1)`. */
  pauseMs?: number;
  /** Waits a pause; tests inject one that returns at once. */
  pause?: (ms: number) => Promise<void>;
}

export class SqsChangeQueue implements ChangeQueue {
  constructor(
    private readonly client: Pick<SQSClient, 'send'>,
    private readonly queueUrl: string,
    private readonly options: SqsQueueOptions = {},
  ) {}

  async send(messages: readonly OutgoingMessage[]): Promise<string[]> {
    const attempts = this.options.attempts ?? 3;
    const pause = this.options.pause ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
    let pending = [...messages];
    const refused: string[] = [];
    for (let attempt = 1; attempt <= attempts && pending.length > 0; attempt++) {
      if (attempt > 1) await pause((this.options.pauseMs ?? 50) * 2 ** (attempt - 2));
      const retry: OutgoingMessage[] = [];
      for (let i = 0; i < pending.length; i += SEND_BATCH) {
        const chunk = pending.slice(i, i + SEND_BATCH);
        const out = await this.sendChunk(chunk);
        retry.push(...out.retry);
        refused.push(...out.refused);
      }
      pending = retry;
    }
    return [...refused, ...pending.map((m) => m.id)];
  }

  /** One SendMessageBatch; entries are named by their place in the chunk (SQS ids allow few characters). */
  private async sendChunk(chunk: readonly OutgoingMessage[]): Promise<{ retry: OutgoingMessage[]; refused: string[] }> {
    let out: SendMessageBatchCommandOutput;
    try {
      out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: chunk.map((m, i) => ({
            Id: `m${i}`,
            MessageBody: encodeChange(m.change),
            ...(m.delaySeconds ? { DelaySeconds: m.delaySeconds } : {}),
          })),
        }),
      );
    } catch {
      return { retry: [...chunk], refused: [] };
    }
    const retry: OutgoingMessage[] = [];
    const refused: string[] = [];
    for (const f of out.Failed ?? []) {
      const message = chunk[Number(f.Id?.slice(1))];
      if (!message) continue;
      if (f.SenderFault) refused.push(message.id);
      else retry.push(message);
    }
    return { retry, refused };
  }
}

/** The queue whose URL the environment names (set by the stack); an entry without it cannot work. */
export function queueFromEnv(client: Pick<SQSClient, 'send'>, env: Record<string, string | undefined>, name: string): SqsChangeQueue {
  const url = env[name];
  if (!url) throw new Error(`${name} must be set (the stack sets it)`);
  return new SqsChangeQueue(client, url);
}
