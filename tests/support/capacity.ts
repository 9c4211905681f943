/**
 * A pass-through proxy in front of DynamoDB Local that asks every call for its consumed capacity
 * (`ReturnConsumedCapacity: TOTAL`, added to the request on its way) and writes down what DynamoDB Local
 * answered: the read and write units as billed, counted at the wire (tests/platform/replay-reads.test.ts).
 * The answer is passed on unchanged; the adapters ignore the extra field.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call: its operation, whether it asked for a consistent read, and the units DynamoDB charged. */
export interface Charged {
  operation: string;
  consistent: boolean;
  read: number;
  write: number;
}

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/** Read and write units of one answer (one entry, or one per table for transactions and batches). */
function unitsOf(operation: string, answer: { ConsumedCapacity?: Capacity | Capacity[] }): { read: number; write: number } {
  const all = [answer.ConsumedCapacity ?? []].flat();
  const reads = /^(GetItem|Query|Scan|BatchGetItem|TransactGetItems)$/.test(operation);
  let read = 0;
  let write = 0;
  for (const c of all) {
    const total = c.CapacityUnits ?? 0;
    read += c.ReadCapacityUnits ?? (reads ? total : 0);
    write += c.WriteCapacityUnits ?? (reads ? 0 : total);
  }
  return { read, write };
}

export async function capacityProxy(
  target: string,
): Promise<{ endpoint: string; calls: Charged[]; server: Server; close: () => Promise<void> }> {
  const calls: Charged[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      let body = Buffer.concat(chunks);
      let consistent = false;
      if (operation && body.length > 0) {
        const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        consistent = parsed.ConsistentRead === true;
        body = Buffer.from(JSON.stringify({ ...parsed, ReturnConsumedCapacity: 'TOTAL' }));
      }
      const headers: IncomingHttpHeaders = { ...req.headers, 'content-length': String(body.length) };
      const up = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(back);
          if (operation && (answer.statusCode ?? 500) < 300) {
            calls.push({ operation, consistent, ...unitsOf(operation, JSON.parse(text.toString('utf8') || '{}')) });
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
      });
      up.on('error', () => res.destroy());
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The read units of the calls made since `from` (an index into `calls`). */
export const readUnits = (calls: readonly Charged[], from = 0) => calls.slice(from).reduce((n, c) => n + c.read, 0);
